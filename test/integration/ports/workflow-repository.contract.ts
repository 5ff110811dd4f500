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

    it('When the graph is far larger than 64 KiB, Then it is stored and read back whole', async () => {
      const middle = Array.from({ length: 150 }, (_, i) => node(`n${i}`, 'llm', { prompt: `Prompt ${i} ${'é'.repeat(2000)} {{last}}` }));
      const workflow = aWorkflow({ graph: linearGraph(...middle) });
      expect(JSON.stringify(workflow.graph).length).toBeGreaterThan(300_000);
      await repository().create(workflow);
      expect(await repository().findById(workflow.id)).toEqual(workflow);
    });
  });
}
