import { JsonValue } from '../../shared/json';
import { ToolReceipt } from './tool-receipt';

/** Stable failure codes of a tool call; the agent run continues after any of them (behaviour rule 2). */
export const TOOL_ERROR_CODES = [
  'invalid_input',
  'capability_denied',
  'timeout',
  'memory_limit',
  'runtime_error',
  'invalid_output',
  'unavailable',
  'not_found',
  // The caller's tool-use rate or sandbox concurrency share is spent; retrying later may succeed.
  'rate_limited',
  // A quota the call ran into: per call (HTTP or LLM calls), per user (kv, workspace size) or per day (e-mails, schedules, workspace writes).
  'quota_exceeded',
] as const;

export type ToolErrorCode = (typeof TOOL_ERROR_CODES)[number];

export interface ToolError {
  code: ToolErrorCode;
  /**
   * The tool's own reason for a `runtime_error` (`invalid_pattern`, `not_found`…): a snake_case
   * string of at most 64 characters, from the tool's `ToolError` or an uncaught capability error.
   */
  reason?: string;
  /** Safe to show to users and models: never a host stack, path or secret. */
  message: string;
}

export interface ToolLogLine {
  level: 'debug' | 'info' | 'warn' | 'error' | 'log';
  message: string;
}

/** The result of `ToolRegistry.invoke`: a plugin failure is data, never a throw. */
export type ToolOutcome =
  | { success: true; result: JsonValue; receipt: ToolReceipt; logs: ToolLogLine[] }
  | { success: false; error: ToolError; receipt: ToolReceipt; logs: ToolLogLine[] };
