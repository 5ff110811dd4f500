export type ExecutionModeName = 'agent' | 'sequential' | 'pipeline' | 'debate' | 'graph';
export type ExecutionStatusName = 'pending' | 'running' | 'paused' | 'completed' | 'failed' | 'cancelled';

/** `POST /agents/{agent_id}/execute`. */
export interface AgentExecuteRequest {
  /** What the agent works on: text, or JSON (its `message` or `input` string is used when it has one). */
  input: unknown;
  /** `agent` (default): the agent's own loop; `sequential`, `pipeline`, `debate`, `graph`: the agents of its `workflow_config` (docs/executions.md). */
  mode?: ExecutionModeName;
  /** Your conversation id, kept with the execution. */
  session_id?: string;
  /** Queue the run and answer 202 at once with the `pending` record. */
  async?: boolean;
  /**
   * `debate` only: rounds of arguments before the verdict, 1–5 (default `DEBATE_ROUNDS`, 2).
   * @isInt
   */
  rounds?: number;
}

/** `POST /executions`: runs an agent (any mode) or a workflow (`graph`). */
export interface ExecutionCreateRequest extends AgentExecuteRequest {
  target_type: 'agent' | 'workflow';
  /** The agent's or workflow's id. */
  target_id: string;
}

export interface ExecutionTokenUsageResponse {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface ExecutionErrorResponse {
  code: string;
  message: string;
}

/** An execution record (decisions.md): `pending` → `running` → `completed` | `failed` | `cancelled`, `running` ↔ `paused`. */
export interface ExecutionResponse {
  id: string;
  /** The agent run, or null for a workflow. */
  agent_id: string | null;
  /** The workflow run, or null for an agent. */
  workflow_id: string | null;
  target_type: 'agent' | 'workflow';
  target_id: string;
  /** The workflow's (or agent's) version when the execution was created; a workflow runs that version's graph. 0: not recorded. */
  target_version: number;
  mode: ExecutionModeName;
  status: ExecutionStatusName;
  /** Null until the run has finished. */
  success: boolean | null;
  input: unknown;
  /** `{reply}` for the agent modes (`{reply, rounds}` for a debate); the end node's output for `graph`. */
  output: unknown;
  /** The mode's steps, in order (docs/executions.md). */
  steps: unknown[];
  token_usage: ExecutionTokenUsageResponse;
  /** LLM calls made, retries included. */
  llm_calls: number;
  error: ExecutionErrorResponse | null;
  /** Runs started, the first and every take-back after a stopped process. */
  attempt: number;
  trigger: 'api' | 'tool' | 'schedule' | 'webhook';
  /** The execution whose run started this one (a tool of its agent or graph); null for a top-level run. */
  parent_execution_id: string | null;
  session_id: string | null;
  /** Debate rounds, when the mode is `debate`. */
  rounds: number | null;
  /** ISO 8601 UTC. */
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface ExecutionPageResponse {
  items: ExecutionResponse[];
  total: number;
  page: number;
  page_size: number;
}
