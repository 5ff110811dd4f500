import { AgentRunResult, AgentRunReview, AgentRunStep, KnowledgeSource } from '../../domain/agent/agent-run';
import { addUsage, TokenUsage, ZERO_USAGE } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { JsonValue } from '../../shared/json';

/** What a run did so far; turns into the `AgentRunResult` once the run ends. */
export class AgentRunRecord {
  private readonly steps: AgentRunStep[] = [];
  private readonly toolCalls: AgentRunResult['toolCalls'] = [];
  private usage: TokenUsage = ZERO_USAGE;
  private iterations = 0;
  /** The last thing the model wrote: the output of a run that ends without an answer. */
  lastContent = '';
  private readonly callsBefore: number;
  private review?: AgentRunReview;
  private sources: KnowledgeSource[] = [];

  /** A shared budget may already be partly spent: only this run's calls are counted. */
  constructor(private readonly budget: LlmCallBudget) {
    this.callsBefore = budget.calls;
  }

  modelAnswered(iteration: number, content: string, usage: TokenUsage): void {
    this.iterations = iteration;
    this.usage = addUsage(this.usage, usage);
    this.lastContent = content;
    this.steps.push({ iteration, type: 'llm', content });
  }

  get totalTokens(): number {
    return this.usage.totalTokens;
  }

  knowledgeUsed(sources: KnowledgeSource[]): void {
    this.sources = [...sources];
  }

  /** The self-review's verdict; its tokens count in the run's usage. */
  reviewed(review: AgentRunReview, usage: TokenUsage): void {
    this.review = review;
    this.usage = addUsage(this.usage, usage);
  }

  toolSucceeded(iteration: number, call: { id: string; name: string }, args: JsonValue, result: JsonValue): void {
    this.steps.push({ iteration, type: 'tool', tool: call.name, arguments: args, result });
    this.toolCalls.push({ id: call.id, name: call.name, arguments: args, success: true });
  }

  toolFailed(iteration: number, call: { id: string; name: string }, args: JsonValue, error: { code: string; message: string }): void {
    this.steps.push({ iteration, type: 'tool', tool: call.name, arguments: args, error });
    this.toolCalls.push({ id: call.id, name: call.name, arguments: args, success: false });
  }

  succeeded(output: string): AgentRunResult {
    return this.result(true, output);
  }

  failed(error: { code: string; message: string }): AgentRunResult {
    return { ...this.result(false, this.lastContent), error };
  }

  private result(success: boolean, output: string): AgentRunResult {
    return {
      success,
      output,
      steps: [...this.steps],
      toolCalls: [...this.toolCalls],
      tokenUsage: this.usage,
      iterations: this.iterations,
      llmCalls: this.budget.calls - this.callsBefore,
      ...(this.review ? { review: { ...this.review } } : {}),
      ...(this.sources.length > 0 ? { knowledgeSources: [...this.sources] } : {}),
    };
  }
}
