import { ChatMessage, TokenUsage, ToolCall, ToolDefinition } from '../domain/llm/chat-message';
import { LlmCallTrace } from '../domain/llm/llm-call';
import { LlmCallBudget } from '../domain/llm/llm-call-budget';
import { token } from '../shared/token';

export interface ChatRequest {
  messages: ChatMessage[];
  tools?: ToolDefinition[];
  /** Overrides the configured default model. */
  model?: string;
  temperature?: number;
  maxTokens?: number;
  /** Ask for a JSON object answer (the platform's own structured prompts). */
  responseFormat?: 'text' | 'json';
  /**
   * Which of the platform's structured prompts this is (`intent-analysis`, `rag-answer`, a tool id…).
   * The offline model answers by it; vendor adapters never send it, so real models see only the prompt.
   */
  task?: string;
  /** Every attempt, retries included, is counted against it (behaviour rule 3). */
  budget?: LlmCallBudget;
  /** At most this many attempts, whatever the retry policy allows (a connection test makes one). */
  maxAttempts?: number;
  /** 1-based number of this attempt, set by the retrying wrapper for the call log. */
  attempt?: number;
  /** The run the call belongs to, recorded with every attempt (`LlmCallLog`). */
  trace?: LlmCallTrace;
  signal?: AbortSignal;
}

export type FinishReason = 'stop' | 'tool_calls' | 'length';

export interface ChatResponse {
  content: string;
  toolCalls: ToolCall[];
  usage: TokenUsage;
  model: string;
  finishReason: FinishReason;
}

export type ChatStreamEvent =
  | { type: 'token'; content: string }
  | { type: 'tool_call'; toolCall: ToolCall }
  | { type: 'usage'; usage: TokenUsage }
  | { type: 'done'; finishReason: FinishReason; model: string };

/**
 * A chat model. Failures are `LlmRateLimitError`, `LlmTimeoutError` or `LlmUpstreamError`.
 * A stream yields tokens and tool calls in order, one `usage`, then exactly one `done`.
 */
export interface LlmProvider {
  readonly name: string;
  chat(request: ChatRequest): Promise<ChatResponse>;
  stream(request: ChatRequest): AsyncIterable<ChatStreamEvent>;
}

export const LLM_PROVIDER = token<LlmProvider>('LlmProvider');
