import { JsonValue } from '../../shared/json';
import { ExecutionTargetType } from '../execution/execution.entity';
import { Schedule } from './schedule.entity';
import { NewScheduleInput } from './schedule.rules';

/** What a client may change in a schedule; a field left out keeps its stored value. */
export interface SchedulePatch {
  name?: string;
  targetType?: ExecutionTargetType;
  targetId?: string;
  cron?: string;
  runAt?: Date;
  timezone?: string;
  input?: JsonValue;
  enabled?: boolean;
}

/**
 * The patch over the stored schedule, as a whole request the rules can check. Giving `cron`
 * replaces a `run_at` and the reverse (giving both is refused by the rules, as on create).
 */
export function patchedScheduleInput(schedule: Schedule, patch: SchedulePatch): NewScheduleInput {
  const retimed = patch.cron !== undefined || patch.runAt !== undefined;
  const timing = retimed ? { cron: patch.cron, runAt: patch.runAt } : storedTiming(schedule);
  return {
    name: patch.name ?? schedule.name,
    targetType: patch.targetType ?? schedule.targetType,
    targetId: patch.targetId ?? schedule.targetId,
    ...timing,
    timezone: patch.timezone ?? schedule.timezone,
    input: patch.input !== undefined ? patch.input : schedule.input,
    enabled: patch.enabled ?? schedule.enabled,
  };
}

/** Whether the patch leaves a one-shot's stored `run_at` as it is (so a past one is no error while it stays disabled). */
export function keepsStoredRunAt(schedule: Schedule, patch: SchedulePatch): boolean {
  return schedule.cron === null && patch.cron === undefined && patch.runAt === undefined;
}

function storedTiming(schedule: Schedule): { cron?: string; runAt?: Date } {
  return schedule.cron !== null ? { cron: schedule.cron } : { runAt: schedule.runAt ?? undefined };
}
