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
import { EXECUTION_SETTINGS, ExecutionSettings } from './execution-settings';
import { ExecutionTargets, ResolvedTarget } from './execution-targets';
import { leaseFor } from './leased-execution';
import { ProcessIdentity } from './process-identity';

/**
 * Runs a queued execution as its owner, with the owner's rights as they are now. The claim
 * (`pending` → `running` with this process's lease, one conditional update) makes a redelivered
 * or duplicated job a no-op: only one delivery ever runs the execution. A record that is no
 * longer pending is acknowledged and left alone. A record queued again (resumed, or taken back
 * from a process that stopped) continues from its stored progress.
 */
@injectable()
export class ExecutionRunHandler implements JobHandler {
  readonly type = EXECUTION_RUN_JOB;

  constructor(
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(USER_REPOSITORY) private readonly users: UserRepository,
    @inject(ExecutionTargets) private readonly targets: ExecutionTargets,
    @inject(ExecutionRunner) private readonly runner: ExecutionRunner,
    @inject(ProcessIdentity) private readonly identity: ProcessIdentity,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
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
    const claimed = await this.claim(id);
    if (!claimed) {
      this.logger.info({ jobId: job.id, executionId: id }, 'execution job for a record that is not pending ignored');
      return;
    }
    const owner = await this.users.findById(claimed.ownerId);
    if (!owner) {
      await this.runner.fail(claimed, EXECUTION_FAILURES.ownerMissing);
      return;
    }
    const actor: Actor = { userId: owner.id, role: owner.role };
    const target = await this.resolveTarget(actor, claimed);
    if (target) await this.runner.run(actor, claimed, target);
  }

  /** The record, now `running` and leased by this process; undefined when it was not pending (or someone else got it). */
  private async claim(id: string): Promise<Execution | undefined> {
    const execution = await this.executions.findById(id);
    if (!execution || execution.status !== 'pending') return undefined;
    const now = this.clock.now();
    const changes = {
      status: 'running' as const,
      attempt: execution.attempt + 1,
      lease: leaseFor(this.identity.id, now, this.settings.leaseTtlMs),
      startedAt: execution.startedAt ?? now,
    };
    if (!(await this.executions.transition(id, { from: ['pending'], leaseFreeAt: now }, changes))) return undefined;
    return { ...execution, ...changes };
  }

  /** The target as the owner may run it now; a vanished or withdrawn one fails the record. */
  private async resolveTarget(actor: Actor, execution: Execution): Promise<ResolvedTarget | undefined> {
    try {
      return await this.targets.resolve(actor, { type: execution.targetType, id: execution.targetId, version: execution.targetVersion });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      await this.runner.fail(execution, { code: error.code, message: error.message });
      return undefined;
    }
  }
}
