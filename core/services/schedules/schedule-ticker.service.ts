import { inject, injectable } from 'inversify';
import { Schedule } from '../../domain/schedule/schedule.entity';
import { CRON_CALCULATOR, CronCalculator } from '../../ports/cron-calculator.port';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../ports/schedule-repository.port';
import { SCHEDULE_FIRE_JOB, ScheduleFirePayload, scheduleFireJobId } from './schedule-fire-job';

/** Schedules handled per tick; the rest stay due and go on the next tick, oldest first. */
export const TICK_BATCH = 100;

/**
 * Turns due schedules into `schedule.fire` jobs. Any number of tickers (one per process) may
 * run at once: each due slot is claimed by one conditional `advance`, and only the winner
 * publishes. Claim-then-publish means a crash or a queue failure between the two loses that
 * one run (logged); publishing first would instead fire a slot twice whenever tickers race.
 */
@injectable()
export class ScheduleTicker {
  constructor(
    @inject(SCHEDULE_REPOSITORY) private readonly schedules: ScheduleRepository,
    @inject(CRON_CALCULATOR) private readonly cron: CronCalculator,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Fires what is due at `now`; answers how many schedules this call fired. */
  async tick(now: Date): Promise<number> {
    const due = await this.schedules.due(now, TICK_BATCH);
    let fired = 0;
    for (const schedule of due) {
      try {
        if (await this.fire(schedule, now)) fired++;
      } catch (error) {
        // One schedule's storage error must not starve the others; it is still due next tick.
        this.logger.error({ scheduleId: schedule.id, err: error }, 'schedule could not be fired');
      }
    }
    return fired;
  }

  private async fire(schedule: Schedule, now: Date): Promise<boolean> {
    const dueAt = schedule.nextRunAt;
    if (!dueAt) return false;
    let next: Date | null;
    try {
      next = this.nextAfter(schedule, dueAt, now);
    } catch (error) {
      this.logger.warn(
        { scheduleId: schedule.id, cron: schedule.cron, timezone: schedule.timezone, err: error },
        'schedule disabled: its cron expression no longer reads',
      );
      await this.schedules.disable(schedule.id);
      return false;
    }
    if (!(await this.schedules.advance(schedule.id, dueAt, next, now))) return false;
    const payload: ScheduleFirePayload = { schedule_id: schedule.id, due_at: dueAt.toISOString() };
    try {
      await this.queue.publish(SCHEDULE_FIRE_JOB, payload, { jobId: scheduleFireJobId(schedule.id, dueAt) });
    } catch (error) {
      this.logger.error({ scheduleId: schedule.id, dueAt: payload.due_at, err: error }, 'schedule run lost: the fire job could not be queued');
      return false;
    }
    return true;
  }

  /**
   * The slot after this one, counted from now when the tick is late, so runs missed while
   * nothing was ticking fire once, not once per missed slot. Null for a one-shot. Throws when
   * the cron no longer reads (a zone dropped from the tz database, say).
   */
  private nextAfter(schedule: Schedule, dueAt: Date, now: Date): Date | null {
    if (schedule.cron === null) return null;
    const after = now.getTime() > dueAt.getTime() ? now : dueAt;
    return this.cron.next(schedule.cron, schedule.timezone, after);
  }
}
