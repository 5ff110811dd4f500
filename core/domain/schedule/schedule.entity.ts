import { JsonValue } from '../../shared/json';
import { ExecutionTargetType } from '../execution/execution.entity';

/**
 * A recurring (`cron`) or one-shot (`runAt`) run of a workflow or an agent, on behalf of its
 * owner. Exactly one of `cron` and `runAt` is set. `nextRunAt` is when it is due next; a
 * one-shot that has fired has none and is disabled.
 */
export interface Schedule {
  /** UUID. */
  id: string;
  ownerId: string;
  name: string;
  targetType: ExecutionTargetType;
  targetId: string;
  /** Standard 5-field cron expression, read in `timezone`. */
  cron: string | null;
  runAt: Date | null;
  /** IANA zone name. */
  timezone: string;
  /** What the target receives as its input on every run. */
  input: JsonValue;
  enabled: boolean;
  nextRunAt: Date | null;
  lastRunAt: Date | null;
  lastExecutionId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function isOneShot(schedule: Pick<Schedule, 'cron'>): boolean {
  return schedule.cron === null;
}
