import { ChatMessage } from '../../../../../core/domain/llm/chat-message';
import { repairIntentAnalysis } from '../../../../../core/domain/prompt/intent-analysis-repair';
import { detectLanguage } from '../../../../../core/domain/prompt/prompt-language';
import { intentAnalysisMessages } from '../../../../../core/services/prompt/intent-analysis.prompt';
import { INTENT_ANALYSIS_TASK, PROMPT_WRITING_TASK } from '../../../../../core/services/prompt/prompt-tasks';
import { promptWritingMessages } from '../../../../../core/services/prompt/prompt-writing.prompt';
import { OfflineLlmProvider } from '../../../../../adapters/llm/offline/offline-llm-provider';
import { LABELLED_ITEMS } from '../../../../bench/intent-accuracy';

const model = new OfflineLlmProvider();
const ask = async (messages: ChatMessage[], responseFormat: 'json' | 'text') =>
  (await model.chat({ messages, responseFormat, task: responseFormat === 'json' ? INTENT_ANALYSIS_TASK : PROMPT_WRITING_TASK })).content;

describe('Offline responders for the prompt pipeline', () => {
  it('When the offline model answers stage one for every labelled input, Then each answer is schema-valid as sent (no repair needed)', async () => {
    for (const item of LABELLED_ITEMS) {
      const answer = await ask(intentAnalysisMessages(item.text), 'json');
      const result = repairIntentAnalysis(JSON.parse(answer), item.language);

      expect(result.ok && result.value.repairs).toEqual([]);
    }
  });

  it('When it analyses a text, Then the fields are read from the text: requirements, stated limits, keywords and an offline note', async () => {
    const answer = JSON.parse(await ask(intentAnalysisMessages('给我们新出的无糖气泡水写三条广告语，每条不超过15个字，语气活泼。'), 'json'));

    expect(answer.core_intent).toBe('创意');
    expect(answer.sub_category).toBe('口号与广告语');
    expect(answer.constraints).toEqual(expect.arrayContaining(['每条不超过15个字', '使用简体中文回答']));
    expect(answer.key_requirements.join(' ')).toContain('广告语');
    expect(answer.keywords).toContain('广告语');
    expect(answer.disambiguation_note).toMatch(/^\[离线模型\]/);
  });

  it.each([
    ['zh', '帮我分析一下上个月门店客流下降的原因，按周拆解', ['# 角色', '# 背景', '# 任务', '# 约束', '# 输出格式']],
    [
      'en',
      'Write a Go function that parses ISO-8601 durations, without external libraries',
      ['# Role', '# Context', '# Task', '# Constraints', '# Output format', '# Example'],
    ],
  ])('When stage two is asked in %s, Then the prompt has the sections in that language and quotes the input', async (language, input, headings) => {
    const analysisAnswer = await ask(intentAnalysisMessages(input), 'json');
    const analysis = repairIntentAnalysis(JSON.parse(analysisAnswer), detectLanguage(input));
    if (!analysis.ok) throw new Error(analysis.error);

    const prompt = await ask(promptWritingMessages(input, analysis.value.analysis, detectLanguage(input)), 'text');

    for (const heading of headings) expect(prompt).toContain(`\n${heading}\n`);
    expect(prompt).toContain(`> ${input}`);
    expect(prompt.startsWith('<!--')).toBe(true);
    expect(language === 'zh' ? /[\u4e00-\u9fff]/.test(prompt.replace(input, '')) : !/[\u4e00-\u9fff]/.test(prompt)).toBe(true);
  });

  it('When stage two is given an analysis, Then the prompt follows its intent, domain and constraints', async () => {
    const material = JSON.stringify({
      input_text: 'Plan a weekly budget for a family of four',
      intent_analysis: { core_intent: '咨询', sub_category: 'Budgeting', domain: 'Household finance', constraints: ['Keep it under $900 a month'] },
    });

    const prompt = await ask(
      [
        { role: 'system', content: 'Write it.' },
        { role: 'user', content: material },
      ],
      'text',
    );

    expect(prompt).toContain('adviser on household finance');
    expect(prompt).toContain('- Keep it under $900 a month');
  });
});
