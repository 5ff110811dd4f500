import { ExecutionChanges, ExecutionGuard, guardHolds } from '../../../../core/domain/execution/execution-guard';
import { Execution } from '../../../../core/domain/execution/execution.entity';
import { ExecutionRepository } from '../../../../core/ports/execution-repository.port';
import { Logger } from '../../../../core/ports/logger.port';
import { ApprovalInbox } from '../../../../core/services/approvals/approval-inbox.service';
import { RecordingJobQueue } from '../../../fixtures/queue/recording-job-queue';
import { InMemoryApprovalRepository } from '../../../fixtures/workflows/in-memory-approval-repository';
import { anExecution } from '../../../fixtures/workflows/workflow.mother';

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const parked = { node_id: 'ok', kind: 'approval' as const, prompt: 'Go?', input_schema: null };

/** One record, changed only through the port's conditional transition. */
function oneRecord(execution: Execution) {
  let current = execution;
  const port = {
    transition: async (_id: string, guard: ExecutionGuard, changes: ExecutionChanges) => {
      if (!guardHolds(current, guard)) return false;
      current = { ...current, ...changes };
      return true;
    },
  } as unknown as ExecutionRepository;
  return { port, current: () => current };
}

function inboxFor(execution: Execution) {
  const approvals = new InMemoryApprovalRepository();
  const record = oneRecord(execution);
  const queue = new RecordingJobQueue();
  let id = 0;
  const inbox = new ApprovalInbox(
    approvals,
    record.port,
    queue,
    { uuid: () => `approval-${(id += 1)}`, secret: () => 'unused' },
    { now: () => new Date('2024-01-01T00:00:00.000Z') },
    silent,
  );
  return { inbox, approvals, record, queue };
}

describe('ApprovalInbox', () => {
  it('When a parked execution opens its approval, Then one pending approval is stored for its owner and nothing is queued', async () => {
    const execution = anExecution({ status: 'paused' });
    const { inbox, approvals, queue } = inboxFor(execution);
    await inbox.open(execution, parked);
    await inbox.open(execution, parked);
    expect([...approvals.rows.values()]).toEqual([
      expect.objectContaining({ id: 'approval-1', executionId: execution.id, nodeId: 'ok', ownerId: execution.ownerId, status: 'pending' }),
    ]);
    expect(queue.published).toEqual([]);
    expect(await inbox.decisionFor(execution.id, 'ok')).toBeUndefined();
  });

  it('When the approval was decided before the run finished parking, Then opening it queues the execution (the decision is not lost)', async () => {
    const execution = anExecution({ status: 'paused' });
    const { inbox, approvals, record, queue } = inboxFor(execution);
    await inbox.open(execution, parked);
    // The decision lands while the execution is briefly running again (re-parking after a resume): nothing to wake yet.
    await approvals.decide('approval-1', { decision: 'approved', comment: 'ok', input: null, decidedAt: new Date() });
    await inbox.open(execution, parked);
    expect(record.current()).toMatchObject({ status: 'pending', lease: null });
    expect(queue.published).toEqual([{ type: 'execution.run', payload: { execution_id: execution.id } }]);
    expect(await inbox.decisionFor(execution.id, 'ok')).toEqual({ nodeId: 'ok', decision: 'approved', comment: 'ok', input: null });
  });

  it('When the execution is not parked (cancelled), Then waking it does nothing', async () => {
    const execution = anExecution({ status: 'cancelled' });
    const { inbox, queue, record } = inboxFor(execution);
    await inbox.wake(execution.id);
    expect(record.current().status).toBe('cancelled');
    expect(queue.published).toEqual([]);
  });
});
