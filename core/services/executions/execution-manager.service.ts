import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { ExecutionChanges, ExecutionGuard } from '../../domain/execution/execution-guard';
import { actionStartsFrom, assertLegalAction, ExecutionAction } from '../../domain/execution/execution-transitions';
import { EXECUTION_STATUSES, EXECUTION_TARGET_TYPES, Execution, ExecutionStatus, ExecutionTargetType } from '../../domain/execution/execution.entity';
import { EXECUTION_FAILURES, ExecutionNotFoundError, ExecutionStateError } from '../../domain/execution/execution.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { ValidationError } from '../../shared/common.errors';
import { FieldIssue } from '../../shared/domain-error';
import { Page } from '../../shared/pagination';
import { checkPageRequest } from '../tools/page-request';
import { EXECUTION_RUN_JOB, executionRunPayload } from './execution-run-job';
import { ExecutionEvents } from './execution-events.service';
import { ExecutionRunner } from './execution-runner.service';
import { RunningExecutions } from './running-executions.service';

export interface ExecutionFilter {
  targetType?: string;
  targetId?: string;
  status?: string;
  /** Created at or after. */
  createdFrom?: Date;
  /** Created before. */
  createdBefore?: Date;
  page?: number;
  pageSize?: number;
}

const MAX_TARGET_ID_CHARS = 36;
/** Rounds of re-reading a record that moved on under a change, before answering 409. */
const MAX_RACES = 5;

/**
 * Reads executions and moves them through their states for their owner (or an admin); anyone
 * else's execution is not found. Every move is one conditional update of the stored record, so it
 * holds whichever process runs the execution; this process's own runs hear of it at once.
 */
@injectable()
export class ExecutionManager {
  constructor(
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(RunningExecutions) private readonly running: RunningExecutions,
    @inject(ExecutionRunner) private readonly runner: Pick<ExecutionRunner, 'fail'>,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(ExecutionEvents) private readonly events: Pick<ExecutionEvents, 'ended'>,
  ) {}

  async get(actor: Actor, id: string): Promise<Execution> {
    const execution = await this.executions.findById(id);
    if (!execution || !can(actor, 'read', { ownerId: execution.ownerId })) throw new ExecutionNotFoundError(id);
    return execution;
  }

  /** The actor's executions (an admin's: everyone's), newest first. */
  async list(actor: Actor, filter: ExecutionFilter): Promise<Page<Execution>> {
    const { request, issues } = checkPageRequest(filter.page, filter.pageSize);
    issues.push(...filterIssues(filter));
    if (issues.length > 0) throw new ValidationError('The list request is not valid', issues);
    return this.executions.list({
      ...request,
      ownerId: actor.role === 'admin' ? undefined : actor.userId,
      targetType: filter.targetType as ExecutionTargetType | undefined,
      targetId: filter.targetId,
      status: filter.status as ExecutionStatus | undefined,
      createdFrom: filter.createdFrom,
      createdBefore: filter.createdBefore,
    });
  }

  /** A running execution stops at its next step boundary, keeping what it did. */
  async pause(actor: Actor, id: string): Promise<Execution> {
    await this.move(actor, id, 'pause', [{ guard: { from: ['running'] }, changes: { status: 'paused' } }]);
    this.running.requestPause(id);
    return this.get(actor, id);
  }

  /**
   * A paused execution goes on: where its process still holds it (it had not reached its step
   * boundary yet) it simply carries on; otherwise it is queued again and continues from its progress.
   */
  async resume(actor: Actor, id: string): Promise<Execution> {
    const now = this.clock.now();
    const moved = await this.move(actor, id, 'resume', [
      { guard: { from: ['paused'], leaseLiveAt: now }, changes: { status: 'running' } },
      { guard: { from: ['paused'], leaseFreeAt: now }, changes: { status: 'pending', lease: null } },
    ]);
    if (moved.status === 'running') this.running.withdrawPause(id);
    else await this.requeue(moved);
    return this.get(actor, id);
  }

  /** Pending, running or paused → cancelled at once; a run in progress is aborted where it runs. */
  async cancel(actor: Actor, id: string): Promise<Execution> {
    const now = this.clock.now();
    const changes: ExecutionChanges = { status: 'cancelled', success: false, error: EXECUTION_FAILURES.cancelled, finishedAt: now };
    const before = await this.move(actor, id, 'cancel', [{ guard: { from: actionStartsFrom('cancel') }, changes }]);
    this.running.cancel(id);
    // A run in progress reports its own end where it runs; a record no process holds ends here.
    if (!before.lease || before.lease.expiresAt <= now) await this.events.ended(id, 'cancelled', before.tokenUsage, EXECUTION_FAILURES.cancelled);
    return this.get(actor, id);
  }

  /** Applies the first of `moves` whose guard holds; 409 when the record's state allows none. */
  private async move(
    actor: Actor,
    id: string,
    action: ExecutionAction,
    moves: Array<{ guard: ExecutionGuard; changes: ExecutionChanges }>,
  ): Promise<Execution> {
    for (let race = 0; race < MAX_RACES; race += 1) {
      // Read again on every round: the record may have moved on between the read and the write.
      const execution = await this.get(actor, id);
      assertLegalAction(action, execution.status);
      for (const { guard, changes } of moves) {
        if (await this.executions.transition(id, guard, changes)) return { ...execution, ...changes };
      }
    }
    throw new ExecutionStateError(`The execution changed while it was being asked to ${action}; try again`);
  }

  private async requeue(execution: Execution): Promise<void> {
    try {
      await this.queue.publish(EXECUTION_RUN_JOB, executionRunPayload(execution.id));
    } catch (error) {
      this.logger.error({ executionId: execution.id, err: error }, 'resumed execution could not be queued');
      await this.runner.fail(execution, EXECUTION_FAILURES.notQueued);
      throw error;
    }
  }
}

/** What is wrong with the filters of an execution list (`target_type`, `target_id`, `status`). */
export function filterIssues(filter: ExecutionFilter): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (filter.targetType !== undefined && !(EXECUTION_TARGET_TYPES as ReadonlyArray<string>).includes(filter.targetType)) {
    issues.push({ field: 'target_type', message: `must be one of ${EXECUTION_TARGET_TYPES.join(', ')}` });
  }
  if (filter.targetId !== undefined && (filter.targetId === '' || filter.targetId.length > MAX_TARGET_ID_CHARS)) {
    issues.push({ field: 'target_id', message: `must be 1 to ${MAX_TARGET_ID_CHARS} characters` });
  }
  if (filter.status !== undefined && !(EXECUTION_STATUSES as ReadonlyArray<string>).includes(filter.status)) {
    issues.push({ field: 'status', message: `must be one of ${EXECUTION_STATUSES.join(', ')}` });
  }
  return issues;
}
