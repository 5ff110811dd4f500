import { token } from '../../shared/token';

export interface DebateSettings {
  /** Rounds when the request names none. */
  defaultRounds: number;
  maxRounds: number;
  /** Distinct agents taking part, at most. */
  maxAgents: number;
}

export interface ExecutionSettings {
  /** How long a request that runs an execution waits for it before answering 202 (`EXECUTE_WAIT_SECONDS`). */
  waitMs: number;
  /** How often a running execution renews its lease (`EXECUTION_HEARTBEAT_MS`). */
  heartbeatMs: number;
  /** How long a lease lasts without renewal (`EXECUTION_LEASE_TTL_MS`); more than a heartbeat. */
  leaseTtlMs: number;
  /** Runs an execution may start, reclaims included, before an expired lease fails it (`EXECUTION_MAX_ATTEMPTS`). */
  maxAttempts: number;
  /** LLM calls one execution may make in all its steps, retries included (`EXECUTION_MAX_LLM_CALLS`). */
  maxLlmCalls: number;
  /** Executions one user may start per minute over the API (`EXECUTIONS_PER_MINUTE`). */
  startsPerMinute: number;
  /** Agents of one pipeline stage running at once (`PIPELINE_CONCURRENCY`). */
  pipelineConcurrency: number;
  debate: DebateSettings;
}

export const DEFAULT_EXECUTION_SETTINGS: ExecutionSettings = {
  waitMs: 60_000,
  heartbeatMs: 10_000,
  leaseTtlMs: 30_000,
  maxAttempts: 3,
  maxLlmCalls: 150,
  startsPerMinute: 60,
  pipelineConcurrency: 3,
  debate: { defaultRounds: 2, maxRounds: 5, maxAgents: 4 },
};

export const EXECUTION_SETTINGS = token<ExecutionSettings>('ExecutionSettings');
