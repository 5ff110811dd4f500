import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { BatchOutcome } from '../../domain/batch/batch-outcome';
import { Execution } from '../../domain/execution/execution.entity';
import { ExecutionRateLimitedError } from '../../domain/execution/execution.errors';
import { JsonValue } from '../../shared/json';
import { ExecutionStarter } from '../executions/execution-starter.service';
import { BatchItemRunner } from './batch-item-runner.service';

/**
 * Starts many workflows, each queued (`async`) through the same `ExecutionStarter` as
 * `POST /workflows/{id}/execute`, so each start counts toward the caller's executions per minute.
 * Once one is refused for that limit, the ids after it are reported with the same refusal without
 * being tried: the allowance only frees up when the minute ends.
 */
@injectable()
export class WorkflowBatchExecutor {
  constructor(
    @inject(BatchItemRunner) private readonly items: BatchItemRunner,
    @inject(ExecutionStarter) private readonly starter: Pick<ExecutionStarter, 'start'>,
  ) {}

  async execute(actor: Actor, workflowIds: ReadonlyArray<string>, input: JsonValue): Promise<BatchOutcome<Execution>> {
    let limited: ExecutionRateLimitedError | undefined;
    return this.items.runEach(workflowIds, async (id) => {
      if (limited) throw limited;
      try {
        const started = await this.starter.start(actor, { type: 'workflow', id }, { input, options: {}, async: true });
        return started.execution;
      } catch (error) {
        if (error instanceof ExecutionRateLimitedError) limited = error;
        throw error;
      }
    });
  }
}
