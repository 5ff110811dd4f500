import { inject, injectable } from 'inversify';
import { Execution, ExecutionFailure, ExecutionStatus } from '../../domain/execution/execution.entity';
import { TokenUsage } from '../../domain/llm/chat-message';
import { RunEventData } from '../../domain/run/run-event';
import { LOGGER, Logger } from '../../ports/logger.port';
import { RUN_EVENT_LOG, RunEventLog } from '../../ports/run-event-log.port';
import { JsonValue } from '../../shared/json';
import { stepName, stepSummary } from './execution-step-summary';

/**
 * Appends an execution's progress to the run event log (run id = execution id), where the run
 * executes: `status` on every state change it makes, one `step` per recorded step (and one per
 * workflow node as it starts), and a terminal
 * `done` (completed) or `error` (failed, cancelled). The WebSocket and the execution logs read it.
 * The log is a projection: a failed append is logged and never fails the run.
 */
@injectable()
export class ExecutionEvents {
  constructor(
    @inject(RUN_EVENT_LOG) private readonly log: RunEventLog,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  status(executionId: string, status: ExecutionStatus): Promise<void> {
    return this.append(executionId, [{ type: 'status', status }]);
  }

  /** The steps from index `from` on, each as a `step` event with its index. */
  steps(executionId: string, steps: ReadonlyArray<JsonValue>, from: number): Promise<void> {
    const events: RunEventData[] = [];
    for (let index = from; index < steps.length; index += 1) {
      events.push({ type: 'step', name: stepName(steps[index], index), detail: { index, ...stepSummary(steps[index]) } });
    }
    return this.append(executionId, events);
  }

  /**
   * A workflow node starting (each attempt): `step` named after the node with `phase: started`.
   * Its end is the `step` event of its recorded step, sent at the checkpoint that follows it.
   */
  nodeStarted(executionId: string, node: { id: string; type: string; label?: string }, attempt: number): Promise<void> {
    const detail = { phase: 'started', node_id: node.id, type: node.type, label: node.label ?? null, attempt };
    return this.append(executionId, [{ type: 'step', name: node.id, detail }]);
  }

  /** The final status, then the terminal event. */
  ended(executionId: string, status: ExecutionStatus, tokenUsage: TokenUsage, error: ExecutionFailure | null): Promise<void> {
    const terminal: RunEventData =
      status === 'completed'
        ? { type: 'done', tokenUsage }
        : { type: 'error', code: error?.code ?? 'execution.failed', message: error?.message ?? 'The execution failed' };
    return this.append(executionId, [{ type: 'status', status }, terminal]);
  }

  /** How a finished record ended, as `ended` reports it. */
  endedAs(execution: Execution): Promise<void> {
    return this.ended(execution.id, execution.status, execution.tokenUsage, execution.error);
  }

  /** This process no longer runs the execution (paused, lost or stopped): the log forgets its counter here. */
  async release(executionId: string): Promise<void> {
    try {
      await this.log.release(executionId);
    } catch (error) {
      this.logger.warn({ executionId, err: error }, 'execution run log could not be released');
    }
  }

  private async append(executionId: string, events: RunEventData[]): Promise<void> {
    try {
      for (const event of events) await this.log.append(executionId, event);
    } catch (error) {
      this.logger.warn({ executionId, err: error }, 'execution event could not be appended to the run log');
    }
  }
}
