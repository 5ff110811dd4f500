import { inject, injectable } from 'inversify';
import { addUsage, TokenUsage } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { IntentAnalysis } from '../../domain/prompt/intent-analysis';
import { repairIntentAnalysis } from '../../domain/prompt/intent-analysis-repair';
import { cleanOptimizedPrompt } from '../../domain/prompt/optimized-prompt';
import { EmptyOptimizedPromptError, IntentAnalysisUnusableError } from '../../domain/prompt/prompt.errors';
import { characterCount, inputTextIssues } from '../../domain/prompt/prompt-input';
import { detectLanguage } from '../../domain/prompt/prompt-language';
import { LENIENT_JSON_READER, LenientJsonReader } from '../../ports/lenient-json-reader.port';
import { LLM_PROVIDER, LlmProvider } from '../../ports/llm-provider.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { ValidationError } from '../../shared/common.errors';
import { err } from '../../shared/result';
import { intentAnalysisMessages } from './intent-analysis.prompt';
import { PIPELINE_MODEL_CALLS } from './prompt-limits';
import { INTENT_ANALYSIS_TASK, PROMPT_WRITING_TASK } from './prompt-tasks';
import { promptWritingMessages } from './prompt-writing.prompt';

export interface PromptOptimization {
  intentAnalysis: IntentAnalysis;
  optimizedPrompt: string;
  usage: {
    /** Model calls made: always 2 on success. */
    apiCalls: number;
    /** The optimized prompt's length in characters. */
    promptLength: number;
    tokens: TokenUsage;
  };
}

/**
 * The two-stage pipeline: stage one analyses the intent (a JSON answer, validated and
 * repaired locally), stage two writes the prompt. Both calls share one budget of two, so
 * no retry, repair or re-ask can make a third upstream call.
 */
@injectable()
export class PromptOptimizer {
  constructor(
    @inject(LLM_PROVIDER) private readonly llm: LlmProvider,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(LENIENT_JSON_READER) private readonly json: LenientJsonReader,
  ) {}

  async optimize(inputText: string, signal?: AbortSignal): Promise<PromptOptimization> {
    const issues = inputTextIssues(inputText);
    if (issues.length > 0) throw new ValidationError(`input_text: ${issues[0].message}`, issues);
    const language = detectLanguage(inputText);
    const budget = new LlmCallBudget(PIPELINE_MODEL_CALLS);

    const first = await this.llm.chat({
      messages: intentAnalysisMessages(inputText),
      task: INTENT_ANALYSIS_TASK,
      responseFormat: 'json',
      temperature: 0.2,
      budget,
      signal,
    });
    const found = this.json.readObject(first.content);
    const repaired = found ? repairIntentAnalysis(found, language) : err('the answer holds no JSON object');
    if (!repaired.ok) {
      this.logger.warn({ problem: repaired.error, model: first.model }, 'intent analysis could not be repaired');
      throw new IntentAnalysisUnusableError(repaired.error);
    }
    if (repaired.value.repairs.length > 0) {
      this.logger.info({ repairs: repaired.value.repairs, model: first.model }, 'intent analysis repaired');
    }
    const analysis = repaired.value.analysis;

    const second = await this.llm.chat({
      messages: promptWritingMessages(inputText, analysis, language),
      task: PROMPT_WRITING_TASK,
      responseFormat: 'text',
      temperature: 0.4,
      budget,
      signal,
    });
    const optimizedPrompt = cleanOptimizedPrompt(second.content);
    if (!optimizedPrompt) throw new EmptyOptimizedPromptError();

    return {
      intentAnalysis: analysis,
      optimizedPrompt,
      usage: {
        apiCalls: PIPELINE_MODEL_CALLS,
        promptLength: characterCount(optimizedPrompt),
        tokens: addUsage(first.usage, second.usage),
      },
    };
  }
}
