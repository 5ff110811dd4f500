import { Actor } from '../../../../core/domain/auth/actor';
import { ExecutionRateLimitedError } from '../../../../core/domain/execution/execution.errors';
import { WorkflowNotFoundError } from '../../../../core/domain/workflow/workflow.errors';
import { LogFields, Logger } from '../../../../core/ports/logger.port';
import { BatchItemRunner } from '../../../../core/services/batch/batch-item-runner.service';
import { WorkflowBatchExecutor } from '../../../../core/services/batch/workflow-batch-executor.service';
import { ExecutionRequest } from '../../../../core/services/executions/execution-starter.service';
import { ExecutionTarget } from '../../../../core/services/executions/execution-targets';
import { ValidationError } from '../../../../core/shared/common.errors';
import { anExecution } from '../../../fixtures/workflows/workflow.mother';

const [A, B, C, D] = [1, 2, 3, 4].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const ACTOR: Actor = { userId: 'user-1', role: 'user' };

function recordingLogger(): Logger & { errors: LogFields[] } {
  const errors: LogFields[] = [];
  const ignore = () => undefined;
  return { errors, debug: ignore, info: ignore, warn: ignore, error: (fields) => errors.push(fields) };
}

describe('BatchItemRunner', () => {
  it('When items fail, Then each failure is its own item, the rest still run, and only unexpected errors are logged', async () => {
    const logger = recordingLogger();
    const missing = new WorkflowNotFoundError(B);
    const broken = new Error('database gone');
    const ran: string[] = [];

    const outcome = await new BatchItemRunner(logger).runEach([A, B, C, D.toUpperCase()], async (id) => {
      ran.push(id);
      if (id === B) throw missing;
      if (id === C) throw broken;
      return `done ${id}`;
    });

    expect(ran).toEqual([A, B, C, D]);
    expect(outcome).toEqual({
      items: [
        { id: A, ok: true, value: `done ${A}` },
        { id: B, ok: false, error: missing },
        { id: C, ok: false, error: broken },
        { id: D, ok: true, value: `done ${D}` },
      ],
      succeeded: 2,
      failed: 2,
    });
    expect(logger.errors).toEqual([{ itemId: C, err: broken }]);
  });

  it('When the ids are malformed, Then a ValidationError names them and nothing runs', async () => {
    const operation = jest.fn();
    const refused = new BatchItemRunner(recordingLogger()).runEach([A, A], operation);
    await expect(refused).rejects.toBeInstanceOf(ValidationError);
    await expect(refused).rejects.toMatchObject({ details: [{ field: 'workflow_ids[1]', message: 'repeats workflow_ids[0]' }] });
    expect(operation).not.toHaveBeenCalled();
  });
});

describe('WorkflowBatchExecutor', () => {
  it('When it starts workflows, Then each is queued with the input; once a start is rate-limited, the ids after it are reported with the same refusal without being tried', async () => {
    const limited = new ExecutionRateLimitedError(1, 30);
    const tried: string[] = [];
    const requests: ExecutionRequest[] = [];
    const starter = {
      async start(_actor: Actor, target: ExecutionTarget, request: ExecutionRequest) {
        tried.push(target.id);
        requests.push(request);
        if (target.id !== A) throw limited;
        return { execution: anExecution({ id: 'exec-a' }), finished: false };
      },
    };

    const outcome = await new WorkflowBatchExecutor(new BatchItemRunner(recordingLogger()), starter).execute(ACTOR, [A, B, C], { x: 1 });

    expect(tried).toEqual([A, B]);
    expect(requests[0]).toEqual({ input: { x: 1 }, options: {}, async: true });
    expect(outcome.items.map((item) => (item.ok ? item.value.id : item.error))).toEqual(['exec-a', limited, limited]);
    expect(outcome).toMatchObject({ succeeded: 1, failed: 2 });
  });
});
