import { TokenUsage } from '../../../domain/llm/chat-message';
import { JsonValue } from '../../../shared/json';

/**
 * One agent run inside a `sequential`, `pipeline` or `debate` execution; a plain JSON record
 * (snake_case) so it is stored and shown as is.
 */
export type AgentStep = {
  /** `stage` (sequential, pipeline), `argument` or `judge` (debate). */
  role: 'stage' | 'argument' | 'judge';
  /** 1-based stage of a sequential or pipeline run; the round of a debate argument; null for the judge. */
  stage: number | null;
  /** The `workflow_config` node it ran for, when one. */
  node_id: string | null;
  agent_id: string;
  label: string;
  /** Debate with one agent: the side it argued (`for`, `against`). */
  side: string | null;
  status: 'completed' | 'failed';
  /** The agent's reply (its JSON cut to the step's share of the record when long). */
  output: JsonValue;
  error: { code: string; message: string } | null;
  token_usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
  /** ISO 8601. */
  started_at: string;
  finished_at: string;
  duration_ms: number;
};

export function usageJson(usage: TokenUsage): AgentStep['token_usage'] {
  return { prompt_tokens: usage.promptTokens, completion_tokens: usage.completionTokens, total_tokens: usage.totalTokens };
}

/** The steps of a record that are agent steps (the record of an agent-based mode holds nothing else). */
export function agentStepsOf(steps: ReadonlyArray<JsonValue>): AgentStep[] {
  return steps.filter((step): step is AgentStep => step !== null && typeof step === 'object' && !Array.isArray(step) && typeof step.role === 'string');
}
