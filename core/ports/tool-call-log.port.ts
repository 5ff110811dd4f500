import { ToolCallRecord } from '../domain/tool/tool-call-record';
import { token } from '../shared/token';

export interface ToolCallQuery {
  agentId?: string;
  executionId?: string;
  ownerId?: string;
}

export interface ToolCallSlice {
  /** Oldest first (by `created_at`, then `id`). */
  items: ToolCallRecord[];
  total: number;
}

/** The receipt of every tool use that ran, whatever started it, for monitoring. */
export interface ToolCallLog {
  record(call: ToolCallRecord): Promise<void>;
  /** Every filter given must match. */
  list(query: ToolCallQuery, offset: number, limit: number): Promise<ToolCallSlice>;
  /** Deletes an agent's calls (when the agent is deleted); answers how many went. */
  deleteByAgent(agentId: string): Promise<number>;
}

export const TOOL_CALL_LOG = token<ToolCallLog>('ToolCallLog');
