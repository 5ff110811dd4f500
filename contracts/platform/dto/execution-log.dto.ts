import { ExecutionErrorResponse, ExecutionTokenUsageResponse } from './execution.dto';

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
