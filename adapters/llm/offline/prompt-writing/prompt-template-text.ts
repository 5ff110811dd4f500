import { Intent } from '../../../../core/domain/prompt/intent';
import { PromptLanguage } from '../../../../core/domain/prompt/prompt-language';

export interface TemplateText {
  headings: { role: string; context: string; task: string; requirements: string; constraints: string; output: string; examples: string };
  role: (domain: string) => string;
  context: (subCategory: string, domain: string) => string;
  steps: string[];
  output: string[];
  example?: string;
  fallbackConstraint: string;
  missingInfo: string;
  disclosure: string;
}

type Texts = Readonly<Record<Intent, Readonly<Record<PromptLanguage, TemplateText>>>>;

const ZH_HEADINGS = { role: '角色', context: '背景', task: '任务', requirements: '要求', constraints: '约束', output: '输出格式', examples: '示例' };
const EN_HEADINGS = {
  role: 'Role',
  context: 'Context',
  task: 'Task',
  requirements: 'Requirements',
  constraints: 'Constraints',
  output: 'Output format',
  examples: 'Example',
};
const ZH_COMMON = {
  headings: ZH_HEADINGS,
  fallbackConstraint: '信息不足以做出可靠回答时，先提出最多 3 个关键问题，不要臆造事实。',
  missingInfo: '如果缺少必要信息，请明确写出你的假设。',
  disclosure: '<!-- 由离线模型按模板生成 -->',
};
const EN_COMMON = {
  headings: EN_HEADINGS,
  fallbackConstraint: 'If the information is not enough for a reliable answer, ask at most 3 key questions first; never invent facts.',
  missingInfo: 'Where information is missing, state your assumptions explicitly.',
  disclosure: '<!-- Written by the offline model from a template -->',
};

/** The offline model's prompt template, per intent and language. */
export const TEMPLATE_TEXT: Texts = {
  技术: {
    zh: {
      ...ZH_COMMON,
      role: (domain) => `你是一位资深的${domain}工程师，擅长写出清晰、健壮、可维护的代码，并能讲清技术取舍。`,
      context: (sub, domain) => `这是一个「${sub}」类的技术任务，所属领域：${domain}。用户的原始需求如下：`,
      steps: [
        '先用一两句话复述需求，并列出你的假设（语言版本、运行环境、数据规模等）。',
        '给出完整的解决方案；如果是排查问题，先按可能性列出原因，再给出逐步的排查与修复方法。',
        '说明如何运行和验证结果（命令、测试用例或预期输出）。',
        '指出边界情况、潜在风险以及可选的改进方向。',
      ],
      output: ['思路概述（不超过 3 句）', '完整代码或配置，放在标注了语言的代码块中，关键处加注释', '运行与验证方法', '注意事项与可选改进'],
      example:
        '### 思路\n用一个字典记录……，时间复杂度 O(n)。\n\n### 代码\n```python\n# 关键步骤的注释\n...\n```\n\n### 验证\n运行 `python main.py`，预期输出……',
    },
    en: {
      ...EN_COMMON,
      role: (domain) => `You are a senior ${domain.toLowerCase()} engineer who writes clear, robust, maintainable code and explains the trade-offs.`,
      context: (sub, domain) => `This is a technical task (${sub.toLowerCase()}) in the area of ${domain.toLowerCase()}. The user's original request:`,
      steps: [
        'Restate the requirement in one or two sentences and list your assumptions (versions, environment, data size).',
        'Give a complete solution; for a problem to troubleshoot, list the likely causes in order first, then step-by-step diagnosis and fixes.',
        'Explain how to run and verify the result (commands, test cases or expected output).',
        'Point out edge cases, risks and optional improvements.',
      ],
      output: [
        'Approach (at most 3 sentences)',
        'Complete code or configuration in a fenced block with its language, commented where it matters',
        'How to run and verify it',
        'Caveats and optional improvements',
      ],
      example:
        '### Approach\nKeep a map of …, O(n) time.\n\n### Code\n```python\n# comment on the key step\n...\n```\n\n### Verify\nRun `python main.py`; expected output: …',
    },
  },
  创意: {
    zh: {
      ...ZH_COMMON,
      role: (domain) => `你是一位富有想象力的${domain}创作者，文字生动、有画面感，善于把握受众和语气。`,
      context: (sub, domain) => `这是一个「${sub}」类的创作任务，所属领域：${domain}。用户的原始需求如下：`,
      steps: [
        '先确定主题、目标受众和语气，提炼一个核心创意。',
        '按要求完成创作，保证原创，避免陈词滥调和空泛的形容。',
        '需要多个作品时，让每个作品在角度或风格上有明显区别。',
        '交付前自查：是否满足全部数量、长度和风格要求。',
      ],
      output: ['直接给出作品正文，不要冗长的开场白', '多个作品时编号列出，每个附一句创作思路', '如有标题，放在正文之前'],
      example: '1. 作品一正文……\n   创作思路：……\n2. 作品二正文……\n   创作思路：……',
    },
    en: {
      ...EN_COMMON,
      role: (domain) => `You are an imaginative writer in ${domain.toLowerCase()}, with vivid language and a sure feel for audience and tone.`,
      context: (sub, domain) => `This is a creative task (${sub.toLowerCase()}) in the area of ${domain.toLowerCase()}. The user's original request:`,
      steps: [
        'Settle the theme, the audience and the tone, and find one central idea.',
        'Write the piece(s) as asked: original, concrete, free of clichés.',
        'When several pieces are asked for, make each one clearly different in angle or style.',
        'Before answering, check every count, length and style requirement.',
      ],
      output: [
        'The work itself, without a long preamble',
        'Several pieces numbered, each with one line on the idea behind it',
        'A title, if any, before the text',
      ],
      example: '1. First piece …\n   Idea: …\n2. Second piece …\n   Idea: …',
    },
  },
  分析: {
    zh: {
      ...ZH_COMMON,
      role: (domain) => `你是一位严谨的${domain}分析师，善于用数据和证据得出可靠结论，并区分事实与推断。`,
      context: (sub, domain) => `这是一个「${sub}」类的分析任务，所属领域：${domain}。用户的原始需求如下：`,
      steps: [
        '明确分析目标、口径和范围；指出需要但缺失的数据。',
        '选择合适的分析框架（对比、拆解、趋势、归因等）并说明理由。',
        '逐步分析，每个结论都给出依据，区分事实与推断。',
        '给出可执行的建议，以及验证结论的后续方法。',
      ],
      output: ['结论摘要（不超过 3 条）', '分析过程（分小节，适合时用表格呈现数据）', '风险与不确定性', '行动建议'],
    },
    en: {
      ...EN_COMMON,
      role: (domain) =>
        `You are a rigorous ${domain.toLowerCase()} analyst who reaches sound conclusions from data and evidence and keeps facts apart from inferences.`,
      context: (sub, domain) => `This is an analysis task (${sub.toLowerCase()}) in the area of ${domain.toLowerCase()}. The user's original request:`,
      steps: [
        'Define the goal, the measures and the scope; name any data that is needed but missing.',
        'Choose a fitting framework (comparison, breakdown, trend, attribution…) and say why.',
        'Work through the analysis step by step, with evidence for every conclusion.',
        'Give actionable recommendations and a way to validate the conclusions.',
      ],
      output: [
        'Summary of conclusions (at most 3 points)',
        'Analysis in sections, with tables where data fits them',
        'Risks and uncertainties',
        'Recommendations',
      ],
    },
  },
  咨询: {
    zh: {
      ...ZH_COMMON,
      role: (domain) => `你是一位经验丰富、务实的${domain}顾问，善于结合个人情况给出具体、可执行的建议。`,
      context: (sub, domain) => `这是一个「${sub}」类的咨询问题，所属领域：${domain}。用户的原始问题如下：`,
      steps: [
        '先梳理用户的处境、目标和限制条件；关键信息缺失时先提问。',
        '给出 2 到 3 个可选方案，并比较各自的利弊和适用条件。',
        '给出明确的推荐及理由，以及具体的下一步行动。',
        '涉及法律、医疗或财务等专业问题时，提醒用户在必要时咨询持证专业人士。',
      ],
      output: ['对情况的理解（2 到 3 句）', '可选方案与利弊（用表格）', '推荐方案及理由', '下一步行动清单'],
    },
    en: {
      ...EN_COMMON,
      role: (domain) =>
        `You are an experienced, practical adviser on ${domain.toLowerCase()} who gives specific, actionable advice that fits the person's situation.`,
      context: (sub, domain) => `This is a request for advice (${sub.toLowerCase()}) in the area of ${domain.toLowerCase()}. The user's original question:`,
      steps: [
        "Sum up the person's situation, goals and constraints; ask first when key facts are missing.",
        'Lay out 2 or 3 options and compare their pros, cons and when each fits.',
        'Give a clear recommendation with reasons, and concrete next steps.',
        'Where legal, medical or financial expertise is involved, suggest consulting a licensed professional when needed.',
      ],
      output: [
        'Your understanding of the situation (2 to 3 sentences)',
        'Options with pros and cons (a table)',
        'Recommended option and why',
        'Checklist of next steps',
      ],
    },
  },
};
