import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Execution } from '../../domain/execution/execution.entity';
import { EXECUTION_FAILURES } from '../../domain/execution/execution.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { Job } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { USER_REPOSITORY, UserRepository } from '../../ports/user-repository.port';
import { DomainError } from '../../shared/domain-error';
import { JobHandler } from '../jobs/job-handler';
import { EXECUTION_RUN_JOB, readExecutionRunPayload } from './execution-run-job';
import { ExecutionRunner } from './execution-runner.service';
import { ExecutionTargets, ResolvedTarget } from './execution-targets';

/**
 * Runs a queued execution as its owner, with the owner's rights as they are now. The claim
 * (`pending` → `running`, one conditional update) makes a redelivered or duplicated job a
 * no-op: only one delivery ever runs the execution. A record that is no longer pending is
 * acknowledged and left alone.
 */
@injectable()
export class ExecutionRunHandler implements JobHandler {
  readonly type = EXECUTION_RUN_JOB;

  constructor(
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(ExecutionTargets) private readonly targets: ExecutionTargets,
    @inject(ExecutionRunner) private readonly runner: ExecutionRunner,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async handle(job: Job): Promise<void> {
    const id = readExecutionRunPayload(job.payload);
    if (id === undefined) {
      // Retrying cannot fix a malformed payload.
      this.logger.warn({ jobId: job.id }, 'execution job without an execution id ignored');
      return;
    }
    const execution = await this.executions.findById(id);
    if (!execution || execution.status !== 'pending') {
      this.logger.info({ jobId: job.id, executionId: id, status: execution?.status }, 'execution job for a record that is not pending ignored');
      return;
    }
    const startedAt = this.clock.now();
    if (!(await this.executions.claim(id, 'pending', 'running', startedAt))) return;
    const claimed: Execution = { ...execution, status: 'running', startedAt };

    const owner = await this.users.findById(execution.ownerId);
    if (!owner) {
      await this.runner.fail(claimed, EXECUTION_FAILURES.ownerMissing);
      return;
    }
    const actor: Actor = { userId: owner.id, role: owner.role };
    const target = await this.resolveTarget(actor, claimed);
    if (target) await this.runner.finish(actor, claimed, target);
  }

  /** The target as the owner may run it now; a vanished or withdrawn one fails the record. */
  private async resolveTarget(actor: Actor, execution: Execution): Promise<ResolvedTarget | undefined> {
    try {
      return await this.targets.resolve(actor, { type: execution.targetType, id: execution.targetId });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.runner.fail(execution, { code: error.code, message: error.message });
      return undefined;
    }
  }
}
