export type ScheduleTargetTypeName = 'agent' | 'workflow';

/** The fields a client writes; `id`, `owner_id`, run times and `last_execution_id` are never read from a body. */
interface AgentScheduleFields {
  /** 1–120 characters; on create, default the target's name plus " (scheduled)". */
  name?: string;
  /** What runs: `agent` (default on create) or `workflow`. */
  target_type?: ScheduleTargetTypeName;
  /** The agent's or workflow's id. */
  target_id?: string;
  /** Shorthand for `target_type: "agent"` with this `target_id`. */
  agent_id?: string;
  /** Recurring: a 5-field cron expression (minute hour day-of-month month day-of-week) or `@hourly`, `@daily`, `@weekly`, `@monthly`, `@yearly`, read in `timezone`. */
  cron?: string;
  /** Once: an ISO 8601 date-time in the future, at most a year ahead. Exactly one of `cron` and `run_at`. */
  run_at?: Date;
  /** IANA time zone name, default `UTC`. */
  timezone?: string;
  /** What the target receives on every run, at most 16 KB of JSON (default `{}`). */
  input?: unknown;
  /** Default true; a disabled schedule does not fire but can still be triggered by hand. */
  enabled?: boolean;
}

/** `POST /agent-schedules`: exactly one of `cron` and `run_at`, and a target. */
export type AgentScheduleCreateRequest = AgentScheduleFields;

/** `PUT /agent-schedules/{schedule_id}`: fields left out keep their values; `cron` replaces a `run_at` and the reverse. */
export type AgentScheduleUpdateRequest = AgentScheduleFields;

export interface AgentScheduleResponse {
  id: string;
  owner_id: string;
  name: string;
  target_type: ScheduleTargetTypeName;
  target_id: string;
  /** The target when it is an agent, else null. */
  agent_id: string | null;
  /** The target when it is a workflow, else null. */
  workflow_id: string | null;
  /** Null for a one-shot. */
  cron: string | null;
  /** ISO 8601 UTC; null for a recurring schedule. */
  run_at: string | null;
  timezone: string;
  input: unknown;
  enabled: boolean;
  /** When it fires next (ISO 8601 UTC); null once a one-shot has fired. */
  next_run_at: string | null;
  last_run_at: string | null;
  /** The execution it started last (by its slot or by hand). */
  last_execution_id: string | null;
  created_at: string;
  updated_at: string;
}

export interface AgentSchedulePageResponse {
  items: AgentScheduleResponse[];
  total: number;
  page: number;
  page_size: number;
}
