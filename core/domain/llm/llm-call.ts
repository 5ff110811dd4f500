import { RunTrace } from '../run/run-trace';

/** How one attempt at a model call ended. */
export type LlmCallOutcome = 'success' | 'error' | 'rate_limited' | 'timeout' | 'cancelled';

export const LLM_CALL_OUTCOMES: ReadonlyArray<LlmCallOutcome> = ['success', 'error', 'rate_limited', 'timeout', 'cancelled'];

/** The run a model call belongs to: the same trace tool calls keep. */
export type LlmCallTrace = RunTrace;

/** One attempt at a model call: retries are calls of their own, with `attempt` 2, 3, … */
export interface LlmCall extends LlmCallTrace {
  /** UUID. */
  id: string;
  /** `openai`, `anthropic`, `local` or `offline`. */
  provider: string;
  model: string;
  /** 0 when the attempt failed before the provider reported usage. */
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
  outcome: LlmCallOutcome;
  /** 1-based. */
  attempt: number;
  createdAt: Date;
}
