import { LlmCall } from '../domain/llm/llm-call';
import { token } from '../shared/token';

export interface LlmCallQuery {
  agentId?: string;
  executionId?: string;
  ownerId?: string;
}

export interface LlmCallSlice {
  /** Oldest first (by `createdAt`, then `attempt`). */
  items: LlmCall[];
  total: number;
}

/** The record of every attempt at a model call, retries included, so budgets, retries and monitoring agree. */
export interface LlmCallLog {
  record(call: LlmCall): Promise<void>;
  /** Deletes an agent's calls (when the agent is deleted); answers how many went. */
  deleteByAgent(agentId: string): Promise<number>;
  /** Every filter given must match. */
  list(query: LlmCallQuery, offset: number, limit: number): Promise<LlmCallSlice>;
}

export const LLM_CALL_LOG = token<LlmCallLog>('LlmCallLog');
