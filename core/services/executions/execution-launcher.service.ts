import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { Execution, ExecutionStatus, ExecutionTrigger } from '../../domain/execution/execution.entity';
import { EXECUTION_FAILURES } from '../../domain/execution/execution.errors';
import { ZERO_USAGE } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { JOB_QUEUE, JobQueue } from '../../ports/job-queue.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { JsonValue } from '../../shared/json';
import { EXECUTION_RUN_JOB, executionRunPayload } from './execution-run-job';
import { ExecutionRunner } from './execution-runner.service';
import { ExecutionTarget, ExecutionTargets, ResolvedTarget } from './execution-targets';

export interface LaunchOptions {
  trigger: ExecutionTrigger;
  scheduleId?: string;
}

export interface RunNowOptions extends LaunchOptions {
  /** A caller's budget is shared with the run (a workflow started by an agent's tool). */
  budget?: LlmCallBudget;
  signal?: AbortSignal;
}

export interface EnqueueOptions extends LaunchOptions {
  /** Passed to the queue as the job id: a stable key lets duplicates be recognised. */
  jobId?: string;
}

/**
 * Starts executions of workflows (`mode` `graph`) and agents (`mode` `agent`): now, returning
 * the finished record, or through the job queue, returning the pending one. Both throw a
 * `not_found` DomainError, and store nothing, when the target is missing or not the actor's to run.
 */
@injectable()
export class ExecutionLauncher {
  constructor(
    @inject(ExecutionTargets) private readonly targets: ExecutionTargets,
    @inject(ExecutionRunner) private readonly runner: ExecutionRunner,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(actor: Actor, target: ExecutionTarget, input: JsonValue, options: RunNowOptions): Promise<Execution> {
    const resolved = await this.targets.resolve(actor, target);
    const now = this.clock.now();
    const execution = this.newRecord(actor, resolved, input, options, 'running', now);
    await this.executions.create(execution);
    return this.runner.finish(actor, execution, resolved, { budget: options.budget, signal: options.signal });
  }

  async enqueue(actor: Actor, target: ExecutionTarget, input: JsonValue, options: EnqueueOptions): Promise<Execution> {
    const resolved = await this.targets.resolve(actor, target);
    const execution = this.newRecord(actor, resolved, input, options, 'pending', null);
    await this.executions.create(execution);
    try {
      const publishOptions = options.jobId === undefined ? undefined : { jobId: options.jobId };
      await this.queue.publish(EXECUTION_RUN_JOB, executionRunPayload(execution.id), publishOptions);
    } catch (error) {
      // Left pending, the record would wait for a job that never comes.
      this.logger.error({ executionId: execution.id, err: error }, 'execution could not be queued');
      await this.runner.fail(execution, EXECUTION_FAILURES.notQueued);
      throw error;
    }
    return execution;
  }

  private newRecord(
    actor: Actor,
    target: ResolvedTarget,
    input: JsonValue,
    options: LaunchOptions,
    status: ExecutionStatus,
    startedAt: Date | null,
  ): Execution {
    const targetId = target.type === 'workflow' ? target.workflow.id : target.agent.id;
    return {
      id: this.ids.uuid(),
      ownerId: actor.userId,
      targetType: target.type,
      targetId,
      mode: target.type === 'workflow' ? 'graph' : 'agent',
      trigger: options.trigger,
      scheduleId: options.scheduleId ?? null,
      status,
      success: null,
      input,
      output: null,
      steps: [],
      tokenUsage: ZERO_USAGE,
      error: null,
      createdAt: startedAt ?? this.clock.now(),
      startedAt,
      finishedAt: null,
    };
  }
}
