import { ExecutionChanges, ExecutionGuard } from '../../domain/execution/execution-guard';
import { EXECUTION_STATUSES, Execution, ExecutionLease, ExecutionStatus } from '../../domain/execution/execution.entity';
import { EXECUTION_FAILURES } from '../../domain/execution/execution.errors';
import { clipJson, RECORD_LIMITS } from '../../domain/execution/recorded-json';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { Clock } from '../../ports/clock.port';
import { ExecutionRepository } from '../../ports/execution-repository.port';
import { Logger } from '../../ports/logger.port';
import { ExecutionEvents } from './execution-events.service';
import { RunControl } from './run-control';
import { RunOutcome, RunProgress } from './run-outcome';

export interface LeaseTools {
  executions: ExecutionRepository;
  clock: Clock;
  logger: Logger;
  /** This process, the lease's owner. */
  owner: string;
  leaseTtlMs: number;
  events: Pick<ExecutionEvents, 'status' | 'steps' | 'endedAs'>;
}

/** Rounds of re-reading a record that changed under a write, before giving the run up. */
const MAX_RACES = 5;

/**
 * One run of an execution whose lease this process holds. Every write is conditional on still
 * holding the lease, so once another process has taken the execution back nothing from here
 * lands in its record. The heartbeat renews the lease and learns of pauses and cancellations
 * made by other processes; `checkpoint` stores progress at step boundaries and decides there
 * whether the run goes on; `settle` stores how it ended.
 */
export class LeasedExecution {
  private readonly callsBefore: number;
  /** Steps already appended to the run's event log (those of earlier attempts were, by them). */
  private stepsSent: number;

  constructor(
    private readonly execution: Execution,
    private readonly control: RunControl,
    private readonly budget: LlmCallBudget,
    private readonly tools: LeaseTools,
  ) {
    this.callsBefore = budget.calls;
    this.stepsSent = execution.steps.length;
  }

  /** Renews the lease; a record cancelled or paused elsewhere stops or pauses the run, a lost lease stops it. */
  async heartbeat(): Promise<void> {
    const { executions, logger } = this.tools;
    try {
      const renewed = await executions.transition(this.execution.id, this.held(EXECUTION_STATUSES), { lease: this.newLease() });
      if (!renewed) return this.control.stop('lost');
      const status = await executions.statusOf(this.execution.id);
      if (status === 'cancelled') this.control.stop('cancelled');
      else if (status === 'paused') this.control.requestPause();
      else if (status === 'running') this.control.withdrawPause();
    } catch (error) {
      // The next beat tries again; if none gets through, the lease expires and the run is taken back.
      logger.warn({ executionId: this.execution.id, err: error }, 'execution lease could not be renewed');
    }
  }

  /** Stores `progress`; true when the run goes on, false when it must stop here (see `control.reason`). */
  async checkpoint(progress: RunProgress): Promise<boolean> {
    const { executions } = this.tools;
    const changes = this.checkpointChanges(progress);
    for (let race = 0; race < MAX_RACES; race += 1) {
      if (this.control.reason) return false;
      if (await executions.transition(this.execution.id, this.held(['running']), changes)) {
        this.control.withdrawPause();
        await this.sendSteps(progress.steps);
        return true;
      }
      const current = await executions.findById(this.execution.id);
      if (!current || !this.holds(current)) break;
      if (current.status === 'cancelled') {
        this.control.stop('cancelled');
        return false;
      }
      if (current.status === 'paused') {
        // Paused: keep the progress and let the lease go, unless a resume got in first.
        if (await executions.transition(this.execution.id, this.held(['paused']), { ...changes, lease: null })) {
          this.control.stop('paused');
          await this.sendSteps(progress.steps);
          await this.tools.events.status(this.execution.id, 'paused');
          return false;
        }
      } else if (current.status !== 'running') {
        break;
      }
    }
    this.control.stop('lost');
    return false;
  }

  /**
   * Stores `progress` and leaves the record `paused` with no lease, so no worker waits on it (a
   * parked workflow); the run stops as paused. False when it was cancelled or taken over meanwhile.
   */
  async park(progress: RunProgress): Promise<boolean> {
    if (this.control.reason) return false;
    const parked: ExecutionChanges = { ...this.checkpointChanges(progress), status: 'paused', lease: null };
    if (!(await this.write(['running', 'paused'], parked))) {
      const current = await this.tools.executions.findById(this.execution.id);
      this.control.stop(current?.status === 'cancelled' && this.holds(current) ? 'cancelled' : 'lost');
      return false;
    }
    this.control.stop('paused');
    await this.sendSteps(progress.steps);
    await this.tools.events.status(this.execution.id, 'paused');
    return true;
  }

  /** Stores how the run ended, as far as this process still may; returns the record as stored. */
  async settle(outcome: RunOutcome): Promise<Execution> {
    const released: ExecutionChanges = { ...this.progressChanges(outcome), lease: null };
    const reason = this.control.reason;
    if (reason === 'cancelled') {
      const cancelled: ExecutionChanges = {
        ...released,
        status: 'cancelled',
        success: false,
        error: EXECUTION_FAILURES.cancelled,
        finishedAt: this.tools.clock.now(),
      };
      // The caller's own signal (still `running`), or a cancel request already stored.
      if (!(await this.write(['running', 'paused'], cancelled))) await this.write(['cancelled'], released);
    } else if (reason === undefined) {
      const status = outcome.success ? 'completed' : 'failed';
      const finished: ExecutionChanges = { ...released, status, success: outcome.success, error: outcome.error, finishedAt: this.tools.clock.now() };
      // A run that got to its end completes, even when a pause arrived after its last step.
      if (!(await this.write(['running', 'paused'], finished))) await this.write(['cancelled'], released);
    }
    // Paused: released at the checkpoint. Lost or shut down: the record is no longer this process's to write.
    const stored = (await this.tools.executions.findById(this.execution.id)) ?? this.execution;
    if (reason === 'cancelled' || reason === undefined) {
      await this.sendSteps(outcome.steps);
      await this.tools.events.endedAs(stored);
    }
    return stored;
  }

  private async sendSteps(steps: Execution['steps']): Promise<void> {
    const from = this.stepsSent;
    this.stepsSent = Math.max(from, steps.length);
    await this.tools.events.steps(this.execution.id, steps, from);
  }

  private write(from: Execution['status'][], changes: ExecutionChanges): Promise<boolean> {
    return this.tools.executions.transition(this.execution.id, this.held(from), changes);
  }

  /** The record in one of `from`, still under this run's lease: this process's, and this attempt. */
  private held(from: ReadonlyArray<ExecutionStatus>): ExecutionGuard {
    return { from, leaseOwner: this.tools.owner, attempt: this.execution.attempt };
  }

  private holds(current: Execution): boolean {
    return current.lease?.owner === this.tools.owner && current.attempt === this.execution.attempt;
  }

  /**
   * A workflow's output comes at its end: before it, a checkpoint storing its nodes leaves the
   * stored output (none) as it is, so the write needs nothing else of the record.
   */
  private checkpointChanges(progress: RunProgress): ExecutionChanges {
    const { output, ...changes } = this.progressChanges(progress);
    return progress.nodes !== undefined && progress.output === null ? changes : { output, ...changes };
  }

  private progressChanges(progress: RunProgress): ExecutionChanges {
    return {
      output: clipJson(progress.output, RECORD_LIMITS.outputChars),
      ...(progress.nodes === undefined ? { steps: progress.steps } : { recordedNodes: progress.nodes }),
      ...(progress.state === undefined ? {} : { runState: progress.state }),
      tokenUsage: progress.tokenUsage,
      llmCalls: this.execution.llmCalls + this.budget.calls - this.callsBefore,
    };
  }

  private newLease(): ExecutionLease {
    return leaseFor(this.tools.owner, this.tools.clock.now(), this.tools.leaseTtlMs);
  }
}

/** The lease a process takes when it starts running an execution. */
export function leaseFor(owner: string, now: Date, ttlMs: number): ExecutionLease {
  return { owner, expiresAt: new Date(now.getTime() + ttlMs) };
}
