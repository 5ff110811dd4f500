import { TokenUsage } from '../llm/chat-message';
import { JsonValue } from '../../shared/json';

export type ExecutionStatus = 'pending' | 'running' | 'paused' | 'completed' | 'failed' | 'cancelled';
export type ExecutionTargetType = 'workflow' | 'agent';
export type ExecutionTrigger = 'api' | 'tool' | 'schedule' | 'webhook';

export const EXECUTION_TARGET_TYPES: ReadonlyArray<ExecutionTargetType> = ['workflow', 'agent'];

/** Statuses after which a record no longer changes. */
export const FINISHED_EXECUTION_STATUSES: ReadonlyArray<ExecutionStatus> = ['completed', 'failed', 'cancelled'];

export interface ExecutionFailure {
  /** Stable `<aggregate>.<reason>` code. */
  code: string;
  /** Safe to show: never the text of an unexpected exception. */
  message: string;
}

/**
 * One run of a workflow (`mode` `graph`) or an agent (`mode` `agent`) on behalf of its owner.
 * `success` is null until the run has finished; `steps` are the engine's or the agent run's.
 */
export interface Execution {
  /** UUID. */
  id: string;
  ownerId: string;
  targetType: ExecutionTargetType;
  targetId: string;
  mode: string;
  trigger: ExecutionTrigger;
  scheduleId: string | null;
  status: ExecutionStatus;
  success: boolean | null;
  input: JsonValue;
  output: JsonValue;
  steps: JsonValue[];
  tokenUsage: TokenUsage;
  error: ExecutionFailure | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}
