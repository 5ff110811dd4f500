import { JsonValue } from '../../shared/json';

/** The job a due schedule becomes: one per schedule and due time. */
export const SCHEDULE_FIRE_JOB = 'schedule.fire';

/** A type alias, not an interface, so it is assignable to JsonValue. */
export type ScheduleFirePayload = {
  schedule_id: string;
  /** ISO 8601: the slot this run is for. */
  due_at: string;
};

/** Stable per slot, so a redelivered job is recognisable as the same run. */
export function scheduleFireJobId(scheduleId: string, dueAt: Date): string {
  return `schedule:${scheduleId}:${dueAt.toISOString()}`;
}

/** The payload if the job carries one, else undefined (a malformed job is dropped, not retried). */
export function readScheduleFirePayload(payload: JsonValue): ScheduleFirePayload | undefined {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return undefined;
  const { schedule_id: scheduleId, due_at: dueAt } = payload;
  if (typeof scheduleId !== 'string' || typeof dueAt !== 'string') return undefined;
  return { schedule_id: scheduleId, due_at: dueAt };
}
