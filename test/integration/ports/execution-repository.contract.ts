import { randomUUID } from 'node:crypto';
import { ExecutionNotFoundError } from '../../../core/domain/execution/execution.errors';
import { ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { anExecution } from '../../fixtures/workflows/workflow.mother';

export interface ExecutionRepositoryHarness {
  executions: ExecutionRepository;
  destroy(): Promise<void>;
}

const finished = {
  status: 'completed' as const,
  success: true,
  output: { reply: 'done', items: [1, 2.5, 'three', null, { deep: true }] },
  steps: [
    { node_id: 'start', status: 'completed', output: 'x', error: null, started_at: '2024-03-04T05:06:07.089Z', duration_ms: 3 },
    { node_id: 'end', status: 'skipped', output: null, error: null, started_at: null, duration_ms: 0 },
  ],
  tokenUsage: { promptTokens: 11, completionTokens: 22, totalTokens: 33 },
  startedAt: new Date('2024-03-04T05:06:08.001Z'),
  finishedAt: new Date('2024-03-04T05:06:09.999Z'),
};

export function describeExecutionRepositoryContract(name: string, makeHarness: () => Promise<ExecutionRepositoryHarness>): void {
  describe(name, () => {
    let harness: ExecutionRepositoryHarness;
    const repository = (): ExecutionRepository => harness.executions;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a pending record is created, Then it is found with every field unchanged, the nulls included', async () => {
      const execution = anExecution();
      await repository().create(execution);
      expect(await repository().findById(execution.id)).toEqual(execution);
      expect(await repository().findById(randomUUID())).toBeUndefined();
    });

    it('When a status is asked for, Then it is the stored one, and undefined for no record', async () => {
      const execution = anExecution({ status: 'running', attempt: 1, lease: { owner: 'worker-1', expiresAt: new Date('2031-02-03T04:05:06.789Z') } });
      await repository().create(execution);
      expect(await repository().statusOf(execution.id)).toBe('running');
      expect(await repository().transition(execution.id, { from: ['running'] }, { status: 'cancelled', lease: null })).toBe(true);
      expect(await repository().statusOf(execution.id)).toBe('cancelled');
      expect(await repository().statusOf(randomUUID())).toBeUndefined();
    });

    it('When a run state is stored by a transition, Then it round-trips whole and a later change of other fields keeps it', async () => {
      const execution = anExecution({ status: 'running', attempt: 1, lease: { owner: 'worker-1', expiresAt: new Date('2031-02-03T04:05:06.789Z') } });
      await repository().create(execution);
      const runState = {
        version: 1,
        settled: { a: { status: 'completed', output: { big: 'x'.repeat(70_000) }, branch: null, attempts: 2, error: null, seq: 0 } },
        progress: {},
        parked: null,
      };
      expect(await repository().transition(execution.id, { from: ['running'], leaseOwner: 'worker-1' }, { runState, steps: [{ node_id: 'a' }] })).toBe(true);
      expect(await repository().transition(execution.id, { from: ['running'] }, { status: 'paused', lease: null })).toBe(true);
      expect(await repository().findById(execution.id)).toEqual({ ...execution, status: 'paused', lease: null, runState, steps: [{ node_id: 'a' }] });
    });

    it('When nodes are recorded by transitions, Then steps and settled nodes are read back from them and the run state column keeps only the rest', async () => {
      const execution = anExecution({ status: 'running', attempt: 2, lease: { owner: 'worker-1', expiresAt: new Date('2031-02-03T04:05:06.789Z') } });
      await repository().create(execution);
      const settledA = { status: 'completed', output: { big: 'x'.repeat(70_000) }, branch: null, attempts: 1, error: null, seq: 0 };
      const settledB = { status: 'completed', output: null, branch: 'yes', attempts: 1, error: null, seq: 1 };
      const stepA = { node_id: 'a', status: 'completed', output: 'x…' };
      const stepB = { node_id: 'b', status: 'completed', output: null };
      const held = { from: ['running' as const], leaseOwner: 'worker-1', attempt: 2 };
      const progress = { k: { round: 3 } };
      const first = { version: 1, settled: { a: settledA }, progress, parked: null };
      const nodeA = { seq: 0, nodeId: 'a', step: stepA, settled: settledA };
      expect(await repository().transition(execution.id, held, { runState: first, recordedNodes: [nodeA], llmCalls: 1 })).toBe(true);
      // Written again (a retried store) with the next node: the first keeps its row, the second is added.
      const second = { version: 1, settled: { a: settledA, b: settledB }, progress: {}, parked: null };
      const nodeB = { seq: 1, nodeId: 'b', step: stepB, settled: settledB };
      const changedA = { ...nodeA, step: { ...stepA, output: 'changed' } };
      expect(await repository().transition(execution.id, held, { runState: second, recordedNodes: [changedA, nodeB], llmCalls: 2 })).toBe(true);

      expect(await repository().findById(execution.id)).toEqual({ ...execution, runState: second, steps: [stepA, stepB], llmCalls: 2 });
      const listed = await repository().list({ page: 1, pageSize: 100, targetId: execution.targetId });
      expect(listed.items.find((item) => item.id === execution.id)?.steps).toEqual([stepA, stepB]);
    });

    it('When a transition recording nodes does not hold its guard, Then neither the record nor a node row changes', async () => {
      const execution = anExecution({ status: 'running', attempt: 3, lease: { owner: 'worker-1', expiresAt: new Date('2031-02-03T04:05:06.789Z') } });
      await repository().create(execution);
      const node = { seq: 0, nodeId: 'a', step: { node_id: 'a' }, settled: { status: 'completed', output: 1, branch: null, attempts: 1, error: null, seq: 0 } };
      const runState = { version: 1, settled: {}, progress: {}, parked: null };
      for (const guard of [
        { from: ['running' as const], leaseOwner: 'worker-2', attempt: 3 },
        { from: ['running' as const], leaseOwner: 'worker-1', attempt: 2 },
        { from: ['paused' as const], leaseOwner: 'worker-1', attempt: 3 },
      ]) {
        expect(await repository().transition(execution.id, guard, { runState, recordedNodes: [node], llmCalls: 9 })).toBe(false);
      }
      expect(await repository().findById(execution.id)).toEqual(execution);
    });

    it('When a record stored its steps and settled nodes whole and then records nodes, Then the nodes it kept are read back with the new ones', async () => {
      const execution = anExecution({ status: 'running', attempt: 1, lease: { owner: 'worker-1', expiresAt: new Date('2031-02-03T04:05:06.789Z') } });
      await repository().create(execution);
      const settledA = { status: 'completed', output: 'a', branch: null, attempts: 1, error: null, seq: 0 };
      const settledB = { status: 'completed', output: 'b', branch: null, attempts: 1, error: null, seq: 1 };
      const whole = { version: 1, settled: { a: settledA }, progress: {}, parked: null };
      expect(await repository().transition(execution.id, { from: ['running'] }, { runState: whole, steps: [{ node_id: 'a' }] })).toBe(true);
      const state = { version: 1, settled: { a: settledA, b: settledB }, progress: {}, parked: null };
      const nodes = [
        { seq: 0, nodeId: 'a', step: { node_id: 'a' }, settled: settledA },
        { seq: 1, nodeId: 'b', step: { node_id: 'b' }, settled: settledB },
      ];
      expect(await repository().transition(execution.id, { from: ['running'] }, { runState: state, recordedNodes: nodes })).toBe(true);
      expect(await repository().findById(execution.id)).toMatchObject({ runState: state, steps: [{ node_id: 'a' }, { node_id: 'b' }] });
    });

    it('When a transition guards on a live or a free lease, Then it applies only while that holds', async () => {
      const expiresAt = new Date('2031-02-03T04:05:06.789Z');
      const execution = anExecution({ status: 'running', attempt: 1, lease: { owner: 'worker-1', expiresAt } });
      await repository().create(execution);
      const before = new Date(expiresAt.getTime() - 1);
      expect(await repository().transition(execution.id, { from: ['running'], leaseFreeAt: before }, { llmCalls: 1 })).toBe(false);
      expect(await repository().transition(execution.id, { from: ['running'], leaseLiveAt: expiresAt }, { llmCalls: 2 })).toBe(false);
      expect(await repository().transition(execution.id, { from: ['running'], leaseLiveAt: before }, { llmCalls: 3 })).toBe(true);
      expect(await repository().transition(execution.id, { from: ['running'], leaseFreeAt: expiresAt }, { llmCalls: 4, lease: null })).toBe(true);
      expect(await repository().transition(execution.id, { from: ['running'], leaseLiveAt: before }, { llmCalls: 5 })).toBe(false);
      expect(await repository().transition(execution.id, { from: ['running'], leaseFreeAt: before }, { llmCalls: 6 })).toBe(true);
      expect(await repository().findById(execution.id)).toMatchObject({ llmCalls: 6, lease: null });
    });

    it('When a record of any shape is created, Then scalar inputs and outputs, schedules and errors round-trip', async () => {
      const agentRun = anExecution({
        targetType: 'agent',
        mode: 'agent',
        trigger: 'schedule',
        scheduleId: randomUUID(),
        input: 'just text',
        ...finished,
        status: 'failed',
        success: false,
        output: null,
        error: { code: 'agent.iteration_limit', message: 'The agent hit its iteration limit' },
      });
      const numeric = anExecution({ trigger: 'webhook', input: 42, ...finished, output: 'plain', attempt: 2, llmCalls: 7 });
      const leased = anExecution({ status: 'running', attempt: 1, lease: { owner: 'worker-1', expiresAt: new Date('2031-02-03T04:05:06.789Z') } });
      const empty = anExecution({ trigger: 'tool', input: null, status: 'cancelled', success: false, error: { code: 'execution.cancelled', message: 'x' } });
      for (const execution of [agentRun, numeric, empty, leased]) {
        await repository().create(execution);
        expect(await repository().findById(execution.id)).toEqual(execution);
      }
    });

    it('When a record is updated, Then its fields change but its owner and creation time do not', async () => {
      const execution = anExecution({ status: 'running', attempt: 1, startedAt: new Date('2024-03-04T05:06:08.001Z') });
      await repository().create(execution);
      const changed = { ...execution, ...finished, ownerId: randomUUID(), createdAt: new Date('2030-01-01T00:00:00.000Z') };
      await repository().update(changed);
      expect(await repository().findById(execution.id)).toEqual({ ...execution, ...finished });
    });

    it('When an unknown record is updated, Then ExecutionNotFoundError is thrown', async () => {
      await expect(repository().update(anExecution())).rejects.toBeInstanceOf(ExecutionNotFoundError);
    });

    it('When a guarded change applies, Then only the changed fields move; when its guard fails, Then nothing does', async () => {
      const execution = anExecution({ options: { rounds: 3, sessionId: 's-1' }, mode: 'debate', targetType: 'agent' });
      await repository().create(execution);
      const startedAt = new Date('2024-05-06T07:08:09.123Z');
      const lease = { owner: 'worker-a', expiresAt: new Date('2024-05-06T07:08:39.123Z') };
      expect(await repository().transition(execution.id, { from: ['pending'] }, { status: 'running', attempt: 1, lease, startedAt })).toBe(true);
      expect(await repository().transition(execution.id, { from: ['pending'] }, { status: 'running', attempt: 2 })).toBe(false);
      expect(await repository().transition(randomUUID(), { from: ['pending'] }, { status: 'running' })).toBe(false);
      const running = { ...execution, status: 'running' as const, attempt: 1, lease, startedAt };
      expect(await repository().findById(execution.id)).toEqual(running);

      const progress = {
        output: { reply: 'half' },
        steps: [{ role: 'stage', stage: 1 }],
        tokenUsage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
        llmCalls: 4,
      };
      expect(await repository().transition(execution.id, { from: ['running'], leaseOwner: 'worker-b' }, progress)).toBe(false);
      // The same owner in another attempt: that process claimed the record again since.
      expect(await repository().transition(execution.id, { from: ['running'], leaseOwner: 'worker-a', attempt: 2 }, progress)).toBe(false);
      expect(await repository().transition(execution.id, { from: ['running'], leaseOwner: 'worker-a', attempt: 1 }, progress)).toBe(true);
      expect(await repository().findById(execution.id)).toEqual({ ...running, ...progress });
    });

    it('When a guard names the lease, Then a live lease and a free one are told apart at the given time', async () => {
      const expiresAt = new Date('2024-05-06T07:08:39.123Z');
      const execution = anExecution({ status: 'paused', attempt: 1, lease: { owner: 'worker-a', expiresAt } });
      await repository().create(execution);
      const before = new Date(expiresAt.getTime() - 1);
      const after = new Date(expiresAt.getTime() + 1);
      expect(await repository().transition(execution.id, { from: ['paused'], leaseFreeAt: before }, { status: 'pending' })).toBe(false);
      expect(await repository().transition(execution.id, { from: ['paused'], leaseLiveAt: after }, { status: 'running' })).toBe(false);
      expect(await repository().transition(execution.id, { from: ['paused'], leaseFreeAt: after }, { status: 'pending', lease: null })).toBe(true);
      expect(await repository().findById(execution.id)).toEqual({ ...execution, status: 'pending', lease: null });
      expect(await repository().transition(execution.id, { from: ['pending'], leaseFreeAt: before }, { status: 'running' })).toBe(true);
      expect(await repository().transition(execution.id, { from: ['running'], leaseLiveAt: before }, { status: 'paused' })).toBe(false);
    });

    it('When several guarded changes race from one state, Then exactly one wins and the others see it', async () => {
      const execution = anExecution();
      await repository().create(execution);
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          repository().transition(execution.id, { from: ['pending'] }, { status: 'running', lease: { owner: `worker-${i}`, expiresAt: new Date() } }),
        ),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      const winner = claims.indexOf(true);
      expect((await repository().findById(execution.id))?.lease?.owner).toBe(`worker-${winner}`);
    });

    it('When changes race on different fields, Then none is lost', async () => {
      const execution = anExecution({ status: 'running', lease: { owner: 'w', expiresAt: new Date('2024-01-01T00:00:00.000Z') } });
      await repository().create(execution);
      const guard = { from: ['running' as const], leaseOwner: 'w' };
      const renewed = { owner: 'w', expiresAt: new Date('2024-01-01T00:00:30.000Z') };
      await Promise.all([
        repository().transition(execution.id, guard, { lease: renewed }),
        repository().transition(execution.id, guard, { steps: ['one'], llmCalls: 2 }),
        repository().transition(execution.id, guard, { tokenUsage: { promptTokens: 5, completionTokens: 5, totalTokens: 10 } }),
      ]);
      expect(await repository().findById(execution.id)).toMatchObject({
        lease: renewed,
        steps: ['one'],
        llmCalls: 2,
        tokenUsage: { promptTokens: 5, completionTokens: 5, totalTokens: 10 },
      });
    });

    it('When leases expire, Then only running records past their expiry are found, the oldest first', async () => {
      const at = (ms: number) => new Date(Date.UTC(2031, 0, 1) + ms);
      const lease = (owner: string, ms: number) => ({ owner, expiresAt: at(ms) });
      const late = anExecution({ status: 'running', lease: lease('a', 2000) });
      const later = anExecution({ status: 'running', lease: lease('b', 1000) });
      const live = anExecution({ status: 'running', lease: lease('c', 9000) });
      const paused = anExecution({ status: 'paused', lease: lease('d', 500) });
      const unleased = anExecution({ status: 'running' });
      for (const execution of [late, later, live, paused, unleased]) await repository().create(execution);

      const expired = await repository().findExpiredLeases(at(5000), 10);
      const ours = new Set([late.id, later.id, live.id, paused.id, unleased.id]);
      expect(expired.filter((e) => ours.has(e.id)).map((e) => e.id)).toEqual([later.id, late.id]);
      expect((await repository().findExpiredLeases(at(5000), 1)).length).toBe(1);
    });

    it('When records are listed, Then filters apply and pages come newest first with the total', async () => {
      const ownerId = randomUUID();
      const agentId = randomUUID();
      const at = (minute: number) => new Date(Date.UTC(2024, 5, 1, 12, minute));
      const records = [
        anExecution({ ownerId, targetType: 'agent', targetId: agentId, mode: 'agent', status: 'completed', success: true, createdAt: at(1) }),
        anExecution({ ownerId, targetType: 'agent', targetId: agentId, mode: 'debate', status: 'failed', success: false, createdAt: at(2) }),
        anExecution({ ownerId, targetType: 'workflow', status: 'completed', success: true, createdAt: at(3) }),
        anExecution({ ownerId, targetType: 'agent', targetId: agentId, mode: 'pipeline', createdAt: at(4) }),
        anExecution({ targetType: 'agent', targetId: agentId, createdAt: at(5) }),
      ];
      for (const record of records) await repository().create(record);
      const ids = (page: { items: Array<{ id: string }> }) => page.items.map((item) => item.id);

      const all = await repository().list({ ownerId, page: 1, pageSize: 2 });
      expect({ total: all.total, page: all.page, pageSize: all.pageSize, ids: ids(all) }).toEqual({
        total: 4,
        page: 1,
        pageSize: 2,
        ids: [records[3].id, records[2].id],
      });
      expect(ids(await repository().list({ ownerId, page: 2, pageSize: 2 }))).toEqual([records[1].id, records[0].id]);
      expect(ids(await repository().list({ ownerId, targetType: 'agent', targetId: agentId, page: 1, pageSize: 10 }))).toEqual([
        records[3].id,
        records[1].id,
        records[0].id,
      ]);
      expect(ids(await repository().list({ ownerId, status: 'completed', page: 1, pageSize: 10 }))).toEqual([records[2].id, records[0].id]);
      const everyone = await repository().list({ targetId: agentId, page: 1, pageSize: 10 });
      expect(ids(everyone)).toEqual([records[4].id, records[3].id, records[1].id, records[0].id]);
      expect(await repository().list({ ownerId: randomUUID(), page: 1, pageSize: 10 })).toEqual({ items: [], total: 0, page: 1, pageSize: 10 });
    });

    it('When records are listed by creation time or by the execution that started them, Then only those match', async () => {
      const ownerId = randomUUID();
      const parent = anExecution({ ownerId, createdAt: new Date(Date.UTC(2024, 6, 1, 12, 0)) });
      const child = anExecution({ ownerId, parentExecutionId: parent.id, createdAt: new Date(Date.UTC(2024, 6, 1, 12, 5)) });
      const later = anExecution({ ownerId, createdAt: new Date(Date.UTC(2024, 6, 1, 12, 10)) });
      for (const record of [parent, child, later]) await repository().create(record);
      const ids = async (query: object) => (await repository().list({ ownerId, page: 1, pageSize: 10, ...query })).items.map((item) => item.id);

      expect(await repository().findById(child.id)).toEqual(child);
      expect(await ids({ parentExecutionId: parent.id })).toEqual([child.id]);
      expect(await ids({ createdFrom: child.createdAt })).toEqual([later.id, child.id]);
      expect(await ids({ createdBefore: child.createdAt })).toEqual([parent.id]);
      expect(await ids({ createdFrom: parent.createdAt, createdBefore: later.createdAt })).toEqual([child.id, parent.id]);
    });

    it('When statistics are asked for, Then the store counts by status, averages finished durations and sums tokens over the matching records', async () => {
      const ownerId = randomUUID();
      const ran = (seconds: number) => ({ startedAt: new Date(Date.UTC(2024, 7, 1, 9, 0, 0)), finishedAt: new Date(Date.UTC(2024, 7, 1, 9, 0, seconds)) });
      const usage = (total: number) => ({ promptTokens: total - 1, completionTokens: 1, totalTokens: total });
      const records = [
        anExecution({ ownerId, status: 'completed', success: true, tokenUsage: usage(10), llmCalls: 2, ...ran(2) }),
        anExecution({ ownerId, status: 'failed', success: false, tokenUsage: usage(5), llmCalls: 1, ...ran(4) }),
        anExecution({ ownerId, status: 'running', tokenUsage: usage(7), startedAt: new Date() }),
        anExecution({ ownerId, targetType: 'agent', mode: 'agent', status: 'pending' }),
        anExecution({ status: 'completed', success: true, tokenUsage: usage(100), ...ran(60) }),
      ];
      for (const record of records) await repository().create(record);

      expect(await repository().statistics({ ownerId })).toEqual({
        total: 4,
        byStatus: { pending: 1, running: 1, paused: 0, completed: 1, failed: 1, cancelled: 0 },
        averageDurationMs: 3000,
        tokenUsage: { promptTokens: 19, completionTokens: 3, totalTokens: 22 },
        llmCalls: 3,
      });
      expect((await repository().statistics({ ownerId, targetType: 'agent' })).byStatus.pending).toBe(1);
      expect(await repository().statistics({ ownerId: randomUUID() })).toMatchObject({ total: 0, averageDurationMs: null, llmCalls: 0 });
    });

    it('When a running record finishes through a guarded change, Then its duration counts in the statistics', async () => {
      const ownerId = randomUUID();
      const record = anExecution({ ownerId, status: 'running', startedAt: new Date(Date.UTC(2024, 8, 1, 9, 0, 0)) });
      await repository().create(record);
      await repository().transition(
        record.id,
        { from: ['running'] },
        { status: 'completed', success: true, finishedAt: new Date(Date.UTC(2024, 8, 1, 9, 0, 1, 500)) },
      );
      expect((await repository().statistics({ ownerId })).averageDurationMs).toBe(1500);
    });

    it('When the steps and output are far larger than 64 KiB, Then they are stored and read back whole', async () => {
      const steps = Array.from({ length: 200 }, (_, i) => ({ node_id: `n${i}`, status: 'completed', output: `${i} ${'ø'.repeat(3000)}` }));
      const execution = anExecution({ ...finished, steps, output: 'ü'.repeat(100_000), input: { text: 'ß'.repeat(100_000) } });
      await repository().create(execution);
      expect(await repository().findById(execution.id)).toEqual(execution);
    });
  });
}
