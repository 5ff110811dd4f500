import { ExecutionErrorResponse, ExecutionModeName, ExecutionStatusName, ExecutionTokenUsageResponse } from './execution.dto';

/**
 * One event of an execution's run log, as WebSocket messages and `GET /execution-logs/{id}/events`
 * show it: `seq` (1, 2, … per execution) and `type`, then the type's fields: `status` {status},
 * `step` {name, detail}, `done` {token_usage}, `error` {error, message}; chat runs also log `token`
 * {content}, `tool_call` {id, name, arguments} and `tool_result` {id, name, result | error}.
 */
export interface RunEventMessage {
  seq: number;
  type: 'token' | 'tool_call' | 'tool_result' | 'step' | 'status' | 'done' | 'error';
  status?: string;
  name?: string;
  detail?: unknown;
  token_usage?: ExecutionTokenUsageResponse;
  error?: string | ExecutionErrorResponse;
  message?: string;
  content?: string;
  id?: string;
  arguments?: unknown;
  result?: unknown;
  agent_id?: string;
}

/** An execution in a log listing or a call chain (no input, output or steps). */
export interface ExecutionLogSummaryResponse {
  execution_id: string;
  target_type: 'agent' | 'workflow';
  target_id: string;
  mode: ExecutionModeName;
  status: ExecutionStatusName;
  success: boolean | null;
  trigger: 'api' | 'tool' | 'schedule' | 'webhook';
  /** The execution whose run started this one (a tool of its agent); null for a top-level run. */
  parent_execution_id: string | null;
  step_count: number;
  token_usage: ExecutionTokenUsageResponse;
  llm_calls: number;
  error: ExecutionErrorResponse | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** `finished_at - started_at`; null until it has finished. */
  duration_ms: number | null;
}

export interface ExecutionLogPageResponse {
  items: ExecutionLogSummaryResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** One step, the same for every mode. Values of credential-like keys (token, secret, password, api_key, authorization…) read `[redacted]`. */
export interface ExecutionLogStepResponse {
  /** 0-based position. */
  index: number;
  name: string;
  /** `llm` / `tool` (agent mode), the node type (`graph`), or the role of an agent step (`stage`, `argument`, `judge`). */
  type: string | null;
  status: string | null;
  /** The tool's arguments or the node's input, when recorded. */
  input: unknown;
  /** The tool's result, the node's output, or what the model wrote. */
  output: unknown;
  error: ExecutionErrorResponse | null;
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number | null;
  token_usage: ExecutionTokenUsageResponse | null;
  /** The step as recorded (redacted). */
  record: unknown;
}

export interface ExecutionLogResponse extends ExecutionLogSummaryResponse {
  input: unknown;
  output: unknown;
  steps: ExecutionLogStepResponse[];
}

/** One attempt at a model call (retries are their own). */
export interface ExecutionLlmCallResponse {
  id: string;
  provider: string;
  model: string;
  agent_id: string | null;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  latency_ms: number;
  outcome: 'success' | 'error' | 'rate_limited' | 'timeout' | 'cancelled';
  attempt: number;
  created_at: string;
}

export interface ExecutionLlmCallPageResponse {
  items: ExecutionLlmCallResponse[];
  total: number;
  page: number;
  page_size: number;
}

export interface StepTimingResponse {
  index: number;
  name: string;
  type: string | null;
  duration_ms: number;
}

export interface StepTokensResponse {
  index: number;
  name: string;
  token_usage: ExecutionTokenUsageResponse;
}

export interface ExecutionPerformanceResponse {
  execution_id: string;
  duration_ms: number | null;
  step_count: number;
  /** At most 5, slowest first; steps without a recorded duration (agent-mode steps) are not ranked. */
  slowest_steps: StepTimingResponse[];
  tokens_per_step: StepTokensResponse[];
  /** From the LLM call log: attempts, summed latency and tokens. */
  model: { calls: number; latency_ms: number; prompt_tokens: number; completion_tokens: number };
  /** Tool steps and their summed duration where recorded (null when none is). */
  tools: { calls: number; duration_ms: number | null };
}

export interface CallChainNodeResponse extends ExecutionLogSummaryResponse {
  children: CallChainNodeResponse[];
}

export interface CallChainResponse {
  execution_id: string;
  /** Ids from the root down to this execution. */
  path: string[];
  root: CallChainNodeResponse;
  /** The chain was cut at its bounds (depth 16, 200 executions). */
  truncated: boolean;
}

export interface ExecutionStatisticsResponse {
  total: number;
  by_status: { pending: number; running: number; paused: number; completed: number; failed: number; cancelled: number };
  /** Mean duration of the finished executions that ran; null when there are none. */
  average_duration_ms: number | null;
  token_usage: ExecutionTokenUsageResponse;
  llm_calls: number;
}
