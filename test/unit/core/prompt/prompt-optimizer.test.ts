import { ChatResponse, ChatRequest, LlmProvider } from '../../../../core/ports/llm-provider.port';
import { Logger } from '../../../../core/ports/logger.port';
import { LlmBudgetExceededError } from '../../../../core/domain/llm/llm.errors';
import { EmptyOptimizedPromptError, IntentAnalysisUnusableError } from '../../../../core/domain/prompt/prompt.errors';
import { ValidationError } from '../../../../core/shared/common.errors';
import { PromptOptimizer } from '../../../../core/services/prompt/prompt-optimizer.service';
import { JsonRepairLenientJsonReader } from '../../../../adapters/json/jsonrepair-lenient-json-reader';

/** A scripted model that, like the retrying wrapper, charges every call to the request's budget. */
class ScriptedModel implements LlmProvider {
  readonly name = 'scripted';
  readonly requests: ChatRequest[] = [];
  constructor(private readonly answers: string[]) {}

  async chat(request: ChatRequest): Promise<ChatResponse> {
    request.budget?.consume();
    this.requests.push(request);
    const content = this.answers.shift() ?? '';
    return { content, toolCalls: [], usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 }, model: 'scripted-1', finishReason: 'stop' };
  }

  // eslint-disable-next-line require-yield
  async *stream(): AsyncIterable<never> {
    throw new Error('not used');
  }
}

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const optimizer = (model: LlmProvider): PromptOptimizer => new PromptOptimizer(model, silent, new JsonRepairLenientJsonReader());
const ANALYSIS = JSON.stringify({
  core_intent: '创意',
  sub_category: '诗歌',
  domain: '文学',
  confidence: 0.9,
  disambiguation_note: 'n',
  alternative_intent: '咨询',
  key_requirements: ['r'],
  expected_output: 'o',
  constraints: [],
  keywords: ['k'],
});

describe('PromptOptimizer', () => {
  it('When both stages answer, Then it makes exactly two calls sharing one budget of two, and reports usage', async () => {
    const model = new ScriptedModel([ANALYSIS, '```markdown\n# 角色\n诗人\n```']);

    const result = await optimizer(model).optimize('写一首关于秋天的现代诗，不要押韵');

    expect(model.requests).toHaveLength(2);
    expect(model.requests[0].budget).toBe(model.requests[1].budget);
    expect(model.requests[0].budget?.limit).toBe(2);
    expect(model.requests[0].responseFormat).toBe('json');
    expect(model.requests[1].responseFormat).toBe('text');
    expect(model.requests[1].messages[0].content).toContain('Simplified Chinese');
    expect(result.intentAnalysis.coreIntent).toBe('创意');
    expect(result.optimizedPrompt).toBe('# 角色\n诗人');
    expect(result.usage).toEqual({ apiCalls: 2, promptLength: 7, tokens: { promptTokens: 20, completionTokens: 10, totalTokens: 30 } });
  });

  it('When stage one wraps a slightly broken object in prose, Then the lenient reader finds it and stage two runs', async () => {
    const model = new ScriptedModel([`Here is the analysis:\n${ANALYSIS.replace(/}$/, ',}')}\nHope it helps.`, '# prompt']);

    const result = await optimizer(model).optimize('写一首关于秋天的现代诗，不要押韵');

    expect(result.intentAnalysis).toMatchObject({ coreIntent: '创意', subCategory: '诗歌', domain: '文学', confidence: 0.9 });
    expect(model.requests).toHaveLength(2);
  });

  it('When stage one cannot be repaired, Then it fails with IntentAnalysisUnusableError after one call', async () => {
    const model = new ScriptedModel(['no idea']);

    await expect(optimizer(model).optimize('Write a haiku about rain in spring')).rejects.toBeInstanceOf(IntentAnalysisUnusableError);
    expect(model.requests).toHaveLength(1);
  });

  it('When stage two answers nothing, Then it fails with EmptyOptimizedPromptError', async () => {
    const model = new ScriptedModel([ANALYSIS, '  \n ']);

    await expect(optimizer(model).optimize('Write a haiku about rain in spring')).rejects.toBeInstanceOf(EmptyOptimizedPromptError);
  });

  it('When a stage already spent the budget (a retry), Then stage two is refused rather than making a third call', async () => {
    const model = new ScriptedModel([ANALYSIS, '# prompt']);
    const retrying: LlmProvider = {
      name: 'retrying',
      chat: async (request) => {
        if (model.requests.length === 0) request.budget?.consume(); // a failed first attempt
        return model.chat(request);
      },
      stream: () => model.stream(),
    };

    await expect(optimizer(retrying).optimize('Write a haiku about rain in spring')).rejects.toBeInstanceOf(LlmBudgetExceededError);
    expect(model.requests).toHaveLength(1);
  });

  it.each([['short'], ['x'.repeat(8001)]])('When input_text is out of bounds, Then ValidationError before any call', async (text) => {
    const model = new ScriptedModel([]);

    await expect(optimizer(model).optimize(text)).rejects.toBeInstanceOf(ValidationError);
    expect(model.requests).toHaveLength(0);
  });
});
