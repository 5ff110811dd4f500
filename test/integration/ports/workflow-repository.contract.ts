import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '../../../core/domain/workflow/workflow.errors';
import { WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { aWorkflow, edge, linearGraph, node } from '../../fixtures/workflows/workflow.mother';

export interface WorkflowRepositoryHarness {
  workflows: WorkflowRepository;
  destroy(): Promise<void>;
}

export function describeWorkflowRepositoryContract(name: string, makeHarness: () => Promise<WorkflowRepositoryHarness>): void {
  describe(name, () => {
    let harness: WorkflowRepositoryHarness;
    const repository = (): WorkflowRepository => harness.workflows;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a workflow is created, Then it is found by id with every field unchanged', async () => {
      const workflow = aWorkflow({ description: '' });
      await repository().create(workflow);
      expect(await repository().findById(workflow.id)).toEqual(workflow);
      expect(await repository().findById(randomUUID())).toBeUndefined();
    });

    it('When workflows of several owners share a name, Then findLatestByName finds the one updated last, with that exact name', async () => {
      const name = `Import ${randomUUID()}`;
      const at = (iso: string) => ({ createdAt: new Date(iso), updatedAt: new Date(iso) });
      await repository().create(aWorkflow({ name, ...at('2030-01-01T00:00:00.000Z') }));
      const latest = aWorkflow({ name, ...at('2030-02-01T00:00:00.000Z') });
      await repository().create(latest);
      await repository().create(aWorkflow({ name: name.toUpperCase(), ...at('2030-03-01T00:00:00.000Z') }));

      expect(await repository().findLatestByName(name)).toEqual(latest);
      expect((await repository().findLatestByName(name.toUpperCase()))?.name).toBe(name.toUpperCase());
      expect(await repository().findLatestByName(`${name} `)).toBeUndefined();
      expect(await repository().findLatestByName(`No ${randomUUID()}`)).toBeUndefined();
    });

    it('When a workflow is updated, Then its content changes but its owner and creation time do not', async () => {
      const workflow = aWorkflow();
      await repository().create(workflow);
      const graph = linearGraph(node('t', 'template', { template: 'Hi {{input.name}}', nested: { list: [1, 'two', null, true] } }, 'Greeting'));
      graph.edges.push(edge('start', 'end'));
      const changed = {
        ...workflow,
        ownerId: randomUUID(),
        createdAt: new Date('2030-01-01T00:00:00.000Z'),
        name: 'Renamed',
        description: 'New text ✓',
        graph,
        version: 2,
        updatedAt: new Date('2024-06-07T08:09:10.111Z'),
      };
      await repository().update(changed);
      expect(await repository().findById(workflow.id)).toEqual({ ...changed, ownerId: workflow.ownerId, createdAt: workflow.createdAt });
    });

    it('When an unknown workflow is updated, Then WorkflowNotFoundError is thrown', async () => {
      await expect(repository().update(aWorkflow())).rejects.toBeInstanceOf(WorkflowNotFoundError);
    });

    it('When updated only if at a version, Then it applies while the version matches and not once it moved on', async () => {
      const workflow = aWorkflow();
      await repository().create(workflow);
      const next = { ...workflow, name: 'Second', version: 2, updatedAt: new Date('2024-06-07T08:09:10.111Z') };
      expect(await repository().updateIfVersion(next, 1)).toBe(true);
      expect(await repository().updateIfVersion({ ...next, name: 'Stale', version: 2 }, 1)).toBe(false);
      expect(await repository().findById(workflow.id)).toEqual(next);
      expect(await repository().updateIfVersion(aWorkflow(), 1)).toBe(false);
    });

    it("When listed, Then an owner's workflows come newest first, paged, with their total, and a search matches name or description literally", async () => {
      const ownerId = randomUUID();
      const at = (minute: number) => new Date(`2024-05-01T10:${String(minute).padStart(2, '0')}:00.000Z`);
      const first = aWorkflow({ ownerId, name: 'Invoice intake', description: '', createdAt: at(1) });
      const second = aWorkflow({ ownerId, name: 'Triage', description: 'Routes INVOICE mail, 100% of it', createdAt: at(2) });
      const third = aWorkflow({ ownerId, name: 'Digest', description: 'Weekly', createdAt: at(3) });
      const other = aWorkflow({ name: 'Invoice intake', createdAt: at(4) });
      for (const workflow of [first, second, third, other]) await repository().create(workflow);

      expect(await repository().list({ ownerId }, 0, 2)).toEqual({ items: [third, second], total: 3 });
      expect(await repository().list({ ownerId }, 2, 2)).toEqual({ items: [first], total: 3 });
      expect(await repository().list({ ownerId, search: 'invoice' }, 0, 10)).toEqual({ items: [second, first], total: 2 });
      expect(await repository().list({ ownerId, search: '0%' }, 0, 10)).toEqual({ items: [second], total: 1 });
      expect(await repository().list({ ownerId, search: '_' }, 0, 10)).toEqual({ items: [], total: 0 });
      const everyone = await repository().list({ search: 'invoice intake' }, 0, 100);
      expect(everyone.items.map((workflow) => workflow.id)).toEqual(expect.arrayContaining([first.id, other.id]));
    });

    it('When a workflow is deleted, Then it is gone and a second delete reports false', async () => {
      const workflow = aWorkflow();
      await repository().create(workflow);
      expect(await repository().delete(workflow.id)).toBe(true);
      expect(await repository().findById(workflow.id)).toBeUndefined();
      expect(await repository().delete(workflow.id)).toBe(false);
    });

    it('When the graph is far larger than 64 KiB, Then it is stored and read back whole', async () => {
      const middle = Array.from({ length: 150 }, (_, i) => node(`n${i}`, 'llm', { prompt: `Prompt ${i} ${'é'.repeat(2000)} {{last}}` }));
      const workflow = aWorkflow({ graph: linearGraph(...middle) });
      expect(JSON.stringify(workflow.graph).length).toBeGreaterThan(300_000);
      await repository().create(workflow);
      expect(await repository().findById(workflow.id)).toEqual(workflow);
    });
  });
}
