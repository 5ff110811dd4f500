import { inject, injectable } from 'inversify';
import { Execution } from '../../domain/execution/execution.entity';
import { EXECUTION_FAILURES } from '../../domain/execution/execution.errors';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { EXECUTION_RUN_JOB, executionRunPayload } from './execution-run-job';
import { ExecutionEvents } from './execution-events.service';
import { ExecutionRunner } from './execution-runner.service';
import { EXECUTION_SETTINGS, ExecutionSettings } from './execution-settings';

/** Expired leases taken back per tick, at most; the next tick takes the rest. */
const BATCH = 50;

/**
 * Takes back executions left `running` by a process that stopped renewing their lease (it died,
 * hung or lost the database). One with attempts left is queued again (`pending`) and continues
 * from its stored progress in whichever process takes the job; one without is failed with
 * `execution.lease_expired`. Each take-back is conditional on the lease still being the expired
 * one, so any number of processes may tick at once and none is ever left `running` forever.
 */
@injectable()
export class ExecutionReclaimer {
  constructor(
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(ExecutionRunner) private readonly runner: Pick<ExecutionRunner, 'fail'>,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(ExecutionEvents) private readonly events: Pick<ExecutionEvents, 'ended'>,
  ) {}

  /** Returns how many executions it took back. */
  async tick(now: Date): Promise<number> {
    let reclaimed = 0;
    for (const execution of await this.executions.findExpiredLeases(now, BATCH)) {
      if (await this.reclaim(execution, now)) reclaimed += 1;
    }
    return reclaimed;
  }

  private async reclaim(execution: Execution, now: Date): Promise<boolean> {
    const guard = { from: ['running' as const], leaseOwner: execution.lease?.owner ?? '', leaseFreeAt: now };
    const fields = { executionId: execution.id, attempt: execution.attempt, leaseOwner: execution.lease?.owner };
    if (execution.attempt >= this.settings.maxAttempts) {
      const failed = { status: 'failed' as const, success: false, error: EXECUTION_FAILURES.leaseExpired, lease: null, finishedAt: now };
      if (!(await this.executions.transition(execution.id, guard, failed))) return false;
      this.logger.warn(fields, 'execution lease expired with no attempt left; failed');
      await this.events.ended(execution.id, 'failed', execution.tokenUsage, EXECUTION_FAILURES.leaseExpired);
      return true;
    }
    if (!(await this.executions.transition(execution.id, guard, { status: 'pending', lease: null }))) return false;
    this.logger.warn(fields, 'execution lease expired; queued again');
    try {
      await this.queue.publish(EXECUTION_RUN_JOB, executionRunPayload(execution.id));
    } catch (error) {
      this.logger.error({ ...fields, err: error }, 'reclaimed execution could not be queued');
      await this.runner.fail({ ...execution, status: 'pending', lease: null }, EXECUTION_FAILURES.notQueued);
    }
    return true;
  }
}
