import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ExecutionChanges } from '../../domain/execution/execution-guard';
import { Execution, ExecutionFailure } from '../../domain/execution/execution.entity';
import { EXECUTION_FAILURES } from '../../domain/execution/execution.errors';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { ZERO_USAGE } from '../../domain/llm/chat-message';
import { CLOCK, Clock } from '../../ports/clock.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../ports/execution-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { TIMERS, Timers } from '../../ports/timers.port';
import { DomainError } from '../../shared/domain-error';
import { publicFailureOf } from '../runs/public-failure';
import { ExecutionEvents } from './execution-events.service';
import { EXECUTION_SETTINGS, ExecutionSettings } from './execution-settings';
import { ResolvedTarget } from './execution-targets';
import { LeasedExecution } from './leased-execution';
import { ExecutionModes } from './modes/execution-modes.service';
import { ProcessIdentity } from './process-identity';
import { RunControl } from './run-control';
import { failedOutcome, RunOutcome } from './run-outcome';
import { RunningExecutions } from './running-executions.service';

export interface ExecutionRunOptions {
  /** A caller's budget is shared with the run (a workflow started by an agent's tool); else the execution's own. */
  budget?: LlmCallBudget;
  /** The caller's signal: aborting it cancels the execution. */
  signal?: AbortSignal;
}

/**
 * Runs a `running` record that this process holds the lease of, in its mode, and stores how it
 * ended: `completed`, or `failed` with a safe `{code, message}`; `cancelled` when it was cancelled.
 * While it runs, a heartbeat renews the lease every `heartbeatMs`. The run's own failures never
 * throw; only storing the outcome can.
 */
@injectable()
export class ExecutionRunner {
  constructor(
    @inject(ExecutionModes) private readonly modes: Pick<ExecutionModes, 'run'>,
    @inject(EXECUTION_REPOSITORY) private readonly executions: ExecutionRepository,
    @inject(RunningExecutions) private readonly running: RunningExecutions,
    @inject(ProcessIdentity) private readonly identity: ProcessIdentity,
    @inject(EXECUTION_SETTINGS) private readonly settings: ExecutionSettings,
    @inject(TIMERS) private readonly timers: Timers,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
    @inject(ExecutionEvents) private readonly events: ExecutionEvents,
  ) {}

  async run(actor: Actor, execution: Execution, target: ResolvedTarget, options: ExecutionRunOptions = {}): Promise<Execution> {
    return this.running.track(execution.id, options.signal, async (control) => {
      // One budget for every step; a resumed or reclaimed run continues the calls already spent.
      const budget = options.budget ?? new LlmCallBudget(Math.max(0, this.settings.maxLlmCalls - execution.llmCalls));
      const { executions, clock, logger, events } = this;
      const tools = { executions, clock, logger, events, owner: this.identity.id, leaseTtlMs: this.settings.leaseTtlMs };
      await events.status(execution.id, 'running');
      const lease = new LeasedExecution(execution, control, budget, tools);
      const heartbeat = this.timers.every(this.settings.heartbeatMs, () => lease.heartbeat());
      let outcome: RunOutcome;
      try {
        outcome = await this.modes.run({
          actor,
          execution,
          target,
          budget,
          control,
          checkpoint: (progress) => lease.checkpoint(progress),
          park: (progress) => lease.park(progress),
        });
      } catch (error) {
        outcome = failedOutcome(this.failureOf(error, execution, control));
      } finally {
        await heartbeat.stop();
      }
      const settled = await lease.settle(outcome);
      // Ended runs are forgotten with their terminal event; a paused or lost one may come back here after another process appended.
      await events.release(execution.id);
      return settled;
    });
  }

  /** Ends a record that cannot run (its owner or target is gone, its job could not be queued) with `error`. */
  async fail(execution: Execution, error: ExecutionFailure): Promise<Execution> {
    const { success, output, steps, tokenUsage } = failedOutcome(error);
    const changes: ExecutionChanges = { status: 'failed', success, output, steps, tokenUsage, error, lease: null, finishedAt: this.clock.now() };
    const guard = execution.lease ? { from: [execution.status], leaseOwner: execution.lease.owner, attempt: execution.attempt } : { from: [execution.status] };
    if (await this.executions.transition(execution.id, guard, changes)) await this.events.ended(execution.id, 'failed', ZERO_USAGE, error);
    return { ...execution, ...changes, tokenUsage: ZERO_USAGE };
  }

  private failureOf(error: unknown, execution: Execution, control: RunControl): ExecutionFailure {
    if (control.reason) return EXECUTION_FAILURES.cancelled;
    if (error instanceof DomainError) return publicFailureOf(error);
    // Behaviour rule 9: the exception's text may hold internals; it goes to the log only.
    this.logger.error({ executionId: execution.id, targetType: execution.targetType, err: error }, 'execution failed unexpectedly');
    return EXECUTION_FAILURES.internal;
  }
}
