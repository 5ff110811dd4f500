import { randomUUID } from 'node:crypto';
import { Approval } from '../../../core/domain/approval/approval.entity';
import { ExecutionStatus } from '../../../core/domain/execution/execution.entity';
import { ApprovalRepository } from '../../../core/ports/approval-repository.port';
import { ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { anExecution } from '../../fixtures/workflows/workflow.mother';

export interface ApprovalRepositoryHarness {
  approvals: ApprovalRepository;
  executions: ExecutionRepository;
  destroy(): Promise<void>;
}

export function describeApprovalRepositoryContract(name: string, makeHarness: () => Promise<ApprovalRepositoryHarness>): void {
  describe(name, () => {
    let harness: ApprovalRepositoryHarness;
    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    const anApproval = async (overrides: Partial<Approval> = {}, status: ExecutionStatus = 'paused'): Promise<Approval> => {
      const execution = anExecution({ status });
      await harness.executions.create(execution);
      return {
        id: randomUUID(),
        executionId: execution.id,
        nodeId: 'review',
        ownerId: execution.ownerId,
        kind: 'human_input',
        prompt: 'How many?',
        inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
        status: 'pending',
        decision: null,
        comment: '',
        input: null,
        createdAt: new Date('2024-05-06T07:08:09.123Z'),
        decidedAt: null,
        ...overrides,
      };
    };

    it('When an approval is created, Then it is found by id and by its node with every field unchanged, and a second one for that node is refused', async () => {
      const approval = await anApproval();
      expect(await harness.approvals.create(approval)).toBe(true);
      expect(await harness.approvals.findById(approval.id)).toEqual(approval);
      expect(await harness.approvals.findByNode(approval.executionId, 'review')).toEqual(approval);
      expect(await harness.approvals.create({ ...approval, id: randomUUID() })).toBe(false);
      expect(await harness.approvals.findById(randomUUID())).toBeUndefined();
    });

    it('When decided, Then exactly one decision lands and the approval leaves the pending list', async () => {
      const approval = await anApproval({ kind: 'approval', inputSchema: null });
      await harness.approvals.create(approval);
      const verdict = { decision: 'approved' as const, comment: 'fine', input: null, decidedAt: new Date('2024-05-06T08:00:00.000Z') };
      const results = await Promise.all([
        harness.approvals.decide(approval.id, verdict),
        harness.approvals.decide(approval.id, { ...verdict, decision: 'rejected' }),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await harness.approvals.findById(approval.id)).toEqual({ ...approval, ...verdict, status: 'decided' });
      const pending = await harness.approvals.listPending({ page: 1, pageSize: 100, ownerId: approval.ownerId });
      expect(pending.items).toEqual([]);
    });

    it('When listed, Then only the owner’s pending approvals come, oldest first, in pages', async () => {
      const first = await anApproval({ createdAt: new Date('2024-01-01T00:00:00.000Z') });
      const second = await anApproval({ ownerId: first.ownerId, createdAt: new Date('2024-01-02T00:00:00.000Z') });
      const others = await anApproval();
      for (const approval of [second, others, first]) await harness.approvals.create(approval);
      const page = await harness.approvals.listPending({ page: 1, pageSize: 1, ownerId: first.ownerId });
      expect(page).toEqual({ items: [first], total: 2, page: 1, pageSize: 1 });
    });

    it('When the execution of a pending approval has finished (cancelled), Then the approval is not listed; one whose execution is paused or queued again still is', async () => {
      const waiting = await anApproval({ createdAt: new Date('2024-02-01T00:00:00.000Z') });
      const cancelled = await anApproval({ ownerId: waiting.ownerId }, 'cancelled');
      const requeued = await anApproval({ ownerId: waiting.ownerId, createdAt: new Date('2024-02-02T00:00:00.000Z') }, 'pending');
      for (const status of ['completed', 'failed'] as const) await harness.approvals.create(await anApproval({ ownerId: waiting.ownerId }, status));
      for (const approval of [waiting, cancelled, requeued]) await harness.approvals.create(approval);
      const page = await harness.approvals.listPending({ page: 1, pageSize: 10, ownerId: waiting.ownerId });
      expect(page).toEqual({ items: [waiting, requeued], total: 2, page: 1, pageSize: 10 });
    });
  });
}
