import { TokenUsage } from '../llm/chat-message';
import { JsonValue } from '../../shared/json';
import { ExecutionMode } from './execution-mode';

export type ExecutionStatus = 'pending' | 'running' | 'paused' | 'completed' | 'failed' | 'cancelled';
export type ExecutionTargetType = 'workflow' | 'agent';
export type ExecutionTrigger = 'api' | 'tool' | 'schedule' | 'webhook';

export const EXECUTION_TARGET_TYPES: ReadonlyArray<ExecutionTargetType> = ['workflow', 'agent'];
export const EXECUTION_STATUSES: ReadonlyArray<ExecutionStatus> = ['pending', 'running', 'paused', 'completed', 'failed', 'cancelled'];

/** Statuses after which a record no longer changes. */
export const FINISHED_EXECUTION_STATUSES: ReadonlyArray<ExecutionStatus> = ['completed', 'failed', 'cancelled'];

export interface ExecutionFailure {
  /** Stable `<aggregate>.<reason>` code. */
  code: string;
  /** Safe to show: never the text of an unexpected exception. */
  message: string;
}

/**
 * Who is running the execution and until when: the holder renews it while it works; once it
 * has expired, the reclaim loop takes the execution back (docs/executions.md).
 */
export interface ExecutionLease {
  /** The process (worker id) running it. */
  owner: string;
  expiresAt: Date;
}

/** What the caller chose besides the mode, kept so a queued or reclaimed run runs the same way. */
export interface ExecutionOptions {
  /** `debate`: rounds of arguments before the judge. */
  rounds?: number;
  /** The caller's conversation id, kept with the record. */
  sessionId?: string;
}

/**
 * One run of a workflow (`mode` `graph`) or an agent (any mode) on behalf of its owner.
 * `success` is null until the run has finished; `steps` are the mode's (docs/executions.md).
 */
export interface Execution {
  /** UUID. */
  id: string;
  ownerId: string;
  targetType: ExecutionTargetType;
  targetId: string;
  /**
   * The target's version when the execution was created: a workflow runs the graph of that
   * version however it is edited meanwhile; for an agent it is recorded only. 0: not known (older records).
   */
  targetVersion: number;
  mode: ExecutionMode;
  options: ExecutionOptions;
  trigger: ExecutionTrigger;
  scheduleId: string | null;
  /** The execution whose run started this one (a workflow run by an agent's tool), for call chains; null for a top-level run. */
  parentExecutionId: string | null;
  status: ExecutionStatus;
  success: boolean | null;
  input: JsonValue;
  output: JsonValue;
  steps: JsonValue[];
  tokenUsage: TokenUsage;
  /**
   * What a resumed or reclaimed run continues from, as its mode keeps it (a workflow's
   * GraphRunState); absent or `{}` when the mode keeps none or the run has not stored one yet.
   */
  runState?: JsonValue;
  /** LLM calls spent so far, retries included: a resumed or reclaimed run continues the same budget. */
  llmCalls: number;
  error: ExecutionFailure | null;
  /** Times a process started (or took back) the run; 0 while it waits for its first. */
  attempt: number;
  /** Set while a process runs it; null otherwise. */
  lease: ExecutionLease | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}
