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
      const numeric = anExecution({ trigger: 'webhook', input: 42, ...finished, output: 'plain' });
      const empty = anExecution({ trigger: 'tool', input: null, status: 'cancelled', success: false, error: { code: 'execution.cancelled', message: 'x' } });
      for (const execution of [agentRun, numeric, empty]) {
        await repository().create(execution);
        expect(await repository().findById(execution.id)).toEqual(execution);
      }
    });

    it('When a record is updated, Then its fields change but its owner and creation time do not', async () => {
      const execution = anExecution({ status: 'running', startedAt: new Date('2024-03-04T05:06:08.001Z') });
      await repository().create(execution);
      const changed = { ...execution, ...finished, ownerId: randomUUID(), createdAt: new Date('2030-01-01T00:00:00.000Z') };
      await repository().update(changed);
      expect(await repository().findById(execution.id)).toEqual({ ...execution, ...finished });
    });

    it('When an unknown record is updated, Then ExecutionNotFoundError is thrown', async () => {
      await expect(repository().update(anExecution())).rejects.toBeInstanceOf(ExecutionNotFoundError);
    });

    it('When a pending record is claimed, Then only the first claim wins and it sets the start time', async () => {
      const execution = anExecution();
      await repository().create(execution);
      const startedAt = new Date('2024-05-06T07:08:09.123Z');
      expect(await repository().claim(execution.id, 'pending', 'running', startedAt)).toBe(true);
      expect(await repository().claim(execution.id, 'pending', 'running', new Date())).toBe(false);
      expect(await repository().findById(execution.id)).toEqual({ ...execution, status: 'running', startedAt });
      expect(await repository().claim(randomUUID(), 'pending', 'running', startedAt)).toBe(false);
    });

    it('When several claims race for one record, Then exactly one wins', async () => {
      const execution = anExecution();
      await repository().create(execution);
      const claims = await Promise.all(Array.from({ length: 6 }, () => repository().claim(execution.id, 'pending', 'running', new Date())));
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('When the steps and output are far larger than 64 KiB, Then they are stored and read back whole', async () => {
      const steps = Array.from({ length: 200 }, (_, i) => ({ node_id: `n${i}`, status: 'completed', output: `${i} ${'ø'.repeat(3000)}` }));
      const execution = anExecution({ ...finished, steps, output: 'ü'.repeat(100_000), input: { text: 'ß'.repeat(100_000) } });
      await repository().create(execution);
      expect(await repository().findById(execution.id)).toEqual(execution);
    });
  });
}
