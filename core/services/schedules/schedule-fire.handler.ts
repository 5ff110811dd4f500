import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { isOneShot, Schedule } from '../../domain/schedule/schedule.entity';
import { Job } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../ports/schedule-repository.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { DomainError } from '../../shared/domain-error';
import { ExecutionLauncher } from '../executions/execution-launcher.service';
import { JobHandler } from '../jobs/job-handler';
import { readScheduleFirePayload, SCHEDULE_FIRE_JOB } from './schedule-fire-job';

/**
 * Runs one due slot of a schedule as its owner, with the owner's rights as they are now.
 *
 * At least once: the job id is stable per slot (`schedule:<id>:<due ISO>`), but a job that
 * fails after the execution started, or is redelivered after a crash, runs the target again.
 * Failures that retrying cannot mend (schedule gone or disabled, owner gone, target gone or
 * no longer allowed) are acknowledged, so they are not retried forever; the last two disable
 * the schedule. A run that fails inside the target is a `failed` execution, not a job failure.
 */
@injectable()
export class ScheduleFireHandler implements JobHandler {
  readonly type = SCHEDULE_FIRE_JOB;

  constructor(
    @inject(SCHEDULE_REPOSITORY) private readonly schedules: ScheduleRepository,
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(ExecutionLauncher) private readonly launcher: Pick<ExecutionLauncher, 'run'>,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(job: Job): Promise<void> {
    const payload = readScheduleFirePayload(job.payload);
    if (!payload) {
      this.logger.warn({ jobId: job.id }, 'schedule.fire job without a schedule; dropped');
      return;
    }
    const schedule = await this.schedules.findById(payload.schedule_id);
    // A fired one-shot is disabled by design; a disabled recurring one was switched off after the slot was claimed.
    if (!schedule || (!schedule.enabled && !isOneShot(schedule))) {
      this.logger.info({ scheduleId: payload.schedule_id, dueAt: payload.due_at }, 'schedule gone or disabled; run skipped');
      return;
    }
    const owner = await this.ownerOf(schedule);
    if (!owner) return this.retire(schedule, 'owner no longer exists');
    try {
      const execution = await this.launcher.run(owner, { type: schedule.targetType, id: schedule.targetId }, schedule.input, {
        trigger: 'schedule',
        scheduleId: schedule.id,
      });
      await this.schedules.recordExecution(schedule.id, execution.id);
    } catch (error) {
      if (error instanceof DomainError && error.reason === 'not_found') return this.retire(schedule, error.code);
      throw error;
    }
  }

  private async ownerOf(schedule: Schedule): Promise<Actor | undefined> {
    const user = await this.users.findById(schedule.ownerId);
    return user ? { userId: user.id, role: user.role } : undefined;
  }

  /** Stops a schedule that can never run again as it stands, and says why. */
  private async retire(schedule: Schedule, reason: string): Promise<void> {
    await this.schedules.disable(schedule.id);
    this.logger.warn({ scheduleId: schedule.id, ownerId: schedule.ownerId, targetId: schedule.targetId, reason }, 'schedule disabled: it cannot run');
  }
}
