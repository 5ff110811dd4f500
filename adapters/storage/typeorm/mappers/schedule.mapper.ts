import { ExecutionTargetType } from '../../../../core/domain/execution/execution.entity';
import { Schedule } from '../../../../core/domain/schedule/schedule.entity';
import { JsonValue } from '../../../../core/shared/json';
import { ScheduleOrmEntity } from '../entities/schedule.orm-entity';

const TARGET_TYPES: readonly ExecutionTargetType[] = ['workflow', 'agent'];

export function toScheduleRow(schedule: Schedule): ScheduleOrmEntity {
  return {
    id: schedule.id,
    ownerId: schedule.ownerId,
    name: schedule.name,
    targetType: schedule.targetType,
    targetId: schedule.targetId,
    cron: schedule.cron ?? '',
    runAtMs: toMs(schedule.runAt),
    timezone: schedule.timezone,
    input: JSON.stringify(schedule.input),
    enabled: schedule.enabled,
    nextRunAtMs: toMs(schedule.nextRunAt),
    lastRunAtMs: toMs(schedule.lastRunAt),
    lastExecutionId: schedule.lastExecutionId ?? '',
    createdAt: schedule.createdAt,
    updatedAt: schedule.updatedAt,
  };
}

export function toSchedule(row: ScheduleOrmEntity): Schedule {
  return {
    id: row.id,
    ownerId: row.ownerId,
    name: row.name,
    targetType: toTargetType(row.targetType),
    targetId: row.targetId,
    cron: row.cron || null,
    runAt: toDate(row.runAtMs),
    timezone: row.timezone,
    input: JSON.parse(row.input) as JsonValue,
    enabled: Boolean(row.enabled),
    nextRunAt: toDate(row.nextRunAtMs),
    lastRunAt: toDate(row.lastRunAtMs),
    lastExecutionId: row.lastExecutionId || null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Epoch milliseconds, 0 for none (see ScheduleOrmEntity). */
export function toMs(date: Date | null): number {
  return date ? date.getTime() : 0;
}

/** MySQL hands BIGINT back as a string. */
function toDate(ms: string | number): Date | null {
  const value = Number(ms);
  return value === 0 ? null : new Date(value);
}

function toTargetType(value: string): ExecutionTargetType {
  const type = TARGET_TYPES.find((known) => known === value);
  if (!type) throw new Error('schedules.target_type holds an unknown type');
  return type;
}
