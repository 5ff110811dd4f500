import { ExecutionTargetType } from '../domain/execution/execution.entity';
import { Schedule } from '../domain/schedule/schedule.entity';
import { Page, PageRequest } from '../shared/pagination';
import { token } from '../shared/token';

/** Every filter given must match. */
export interface ScheduleListQuery extends PageRequest {
  /** Only this owner's schedules; every owner's when absent (admins). */
  ownerId?: string;
  targetType?: ExecutionTargetType;
  targetId?: string;
  enabled?: boolean;
}

/** Stored schedules, and the atomic step that claims a due run for exactly one scheduler. */
export interface ScheduleRepository {
  create(schedule: Schedule): Promise<void>;
  findById(id: string): Promise<Schedule | undefined>;
  countByOwner(ownerId: string): Promise<number>;
  /** Newest first (creation time, then id). */
  list(query: ScheduleListQuery): Promise<Page<Schedule>>;
  /**
   * Stores what a client may change: name, target, timing, zone, input, `enabled`, `nextRunAt`
   * and `updatedAt`; what the scheduler records (`lastRunAt`, `lastExecutionId`) is left as
   * stored. Only while the stored `nextRunAt` is still `expectedNextRunAt`, in one conditional
   * update, so an edit never re-arms a slot a ticker claimed meanwhile: false when the schedule
   * is missing or moved on.
   */
  update(schedule: Schedule, expectedNextRunAt: Date | null): Promise<boolean>;
  /** False when there was no such schedule. */
  delete(id: string): Promise<boolean>;
  /** Enabled schedules whose `nextRunAt` is at or before `now`, the longest overdue first. */
  due(now: Date, limit: number): Promise<Schedule[]>;
  /**
   * Claims the run due at `expectedNextRunAt`: sets `nextRunAt` to `next` and `lastRunAt` to
   * `firedAt`, and disables the schedule when `next` is null (a one-shot that has fired).
   * Only applies while the schedule is enabled and still due at `expectedNextRunAt`, in one
   * conditional update: false when another process advanced (or someone disabled) it first.
   */
  advance(id: string, expectedNextRunAt: Date, next: Date | null, firedAt: Date): Promise<boolean>;
  /** Remembers the execution the schedule started last. */
  recordExecution(id: string, executionId: string): Promise<void>;
  /** Stops the schedule firing; `nextRunAt` is kept for the record. */
  disable(id: string): Promise<void>;
}

export const SCHEDULE_REPOSITORY = token<ScheduleRepository>('ScheduleRepository');
