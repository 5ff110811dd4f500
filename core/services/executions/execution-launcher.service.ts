import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ExecutionMode, MODES_BY_TARGET } from '../../domain/execution/execution-mode';
import { Execution, ExecutionOptions, ExecutionStatus, ExecutionTrigger } from '../../domain/execution/execution.entity';
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
import { EXECUTION_SETTINGS, ExecutionSettings } from './execution-settings';
import { ExecutionTarget, ExecutionTargets, ResolvedTarget } from './execution-targets';
import { leaseFor } from './leased-execution';
import { ExecutionModes } from './modes/execution-modes.service';
import { ProcessIdentity } from './process-identity';

export interface LaunchOptions {
  trigger: ExecutionTrigger;
  scheduleId?: string;
  /** The execution whose run starts this one (a tool of its agent), for call chains. */
  parentExecutionId?: string;
  /** Default: the target type's first mode (`agent` for an agent, `graph` for a workflow). */
  mode?: ExecutionMode;
  modeOptions?: ExecutionOptions;
}

export interface RunNowOptions extends LaunchOptions {
  /** A caller's budget is shared with the run (a workflow started by an agent's tool). */
  budget?: LlmCallBudget;
  signal?: AbortSignal;
}

export interface EnqueueOptions extends LaunchOptions {
  /** Passed to the queue as the job id: a stable key lets duplicates be recognised. */
  jobId?: string;
  /** The new record's id, when the caller had to name it first (a webhook delivery claims it before the record exists). */
  executionId?: string;
}

/** A run started in this process: the record as it began, and the record as it ends. */
export interface BegunExecution {
  execution: Execution;
  /** Resolves with the record as stored once the run has stopped; never rejects (a failure to store is logged). */
  done: Promise<Execution>;
}

/**
 * Starts executions of workflows and agents in a mode: now (`run` waits for the end, `begin`
 * does not), leased by this process, or through the job queue (`enqueue`, the pending record).
 * Each throws a `not_found` DomainError when the target is missing or not the actor's to run,
 * and a `ValidationError` when it cannot run in the mode asked; then nothing is stored.
 */
@injectable()
export class ExecutionLauncher {
  constructor(
    @inject(ExecutionTargets) private readonly targets: ExecutionTargets,
    @inject(ExecutionModes) private readonly modes: Pick<ExecutionModes, 'check'>,
    @inject(ExecutionRunner) private readonly runner: ExecutionRunner,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(JOB_QUEUE) private readonly queue: JobQueue,
    @inject(ProcessIdentity) private readonly identity: ProcessIdentity,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(actor: Actor, target: ExecutionTarget, input: JsonValue, options: RunNowOptions): Promise<Execution> {
    const { execution, resolved } = await this.createRunning(actor, target, input, options);
    return this.runner.run(actor, execution, resolved, { budget: options.budget, signal: options.signal });
  }

  async begin(actor: Actor, target: ExecutionTarget, input: JsonValue, options: LaunchOptions): Promise<BegunExecution> {
    const { execution, resolved } = await this.createRunning(actor, target, input, options);
    const done = this.runner.run(actor, execution, resolved).catch(async (error: unknown) => {
      this.logger.error({ executionId: execution.id, err: error }, 'execution outcome could not be stored');
      return (await this.executions.findById(execution.id).catch(() => undefined)) ?? execution;
    });
    return { execution, done };
  }

  async enqueue(actor: Actor, target: ExecutionTarget, input: JsonValue, options: EnqueueOptions): Promise<Execution> {
    const resolved = await this.resolve(actor, target, options);
    const execution = { ...this.newRecord(actor, resolved, input, options, 'pending'), ...(options.executionId ? { id: options.executionId } : {}) };
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

  private async createRunning(actor: Actor, target: ExecutionTarget, input: JsonValue, options: LaunchOptions) {
    const resolved = await this.resolve(actor, target, options);
    const execution = this.newRecord(actor, resolved, input, options, 'running');
    await this.executions.create(execution);
    return { execution, resolved };
  }

  private async resolve(actor: Actor, target: ExecutionTarget, options: LaunchOptions): Promise<ResolvedTarget> {
    const resolved = await this.targets.resolve(actor, target);
    this.modes.check(resolved, this.modeOf(resolved, options), options.modeOptions ?? {});
    return resolved;
  }

  private modeOf(target: ResolvedTarget, options: LaunchOptions): ExecutionMode {
    return options.mode ?? MODES_BY_TARGET[target.type][0];
  }

  private newRecord(actor: Actor, target: ResolvedTarget, input: JsonValue, options: LaunchOptions, status: ExecutionStatus): Execution {
    const now = this.clock.now();
    const running = status === 'running';
    return {
      id: this.ids.uuid(),
      ownerId: actor.userId,
      targetType: target.type,
      targetId: target.type === 'workflow' ? target.workflow.id : target.agent.id,
      targetVersion: target.type === 'workflow' ? target.workflow.version : target.agent.version,
      mode: this.modeOf(target, options),
      options: options.modeOptions ?? {},
      trigger: options.trigger,
      scheduleId: options.scheduleId ?? null,
      parentExecutionId: options.parentExecutionId ?? null,
      status,
      success: null,
      input,
      output: null,
      steps: [],
      tokenUsage: ZERO_USAGE,
      llmCalls: 0,
      error: null,
      attempt: running ? 1 : 0,
      lease: running ? leaseFor(this.identity.id, now, this.settings.leaseTtlMs) : null,
      createdAt: now,
      startedAt: running ? now : null,
      finishedAt: null,
    };
  }
}
