import { randomUUID } from 'node:crypto';
import { versionOf } from '../../../core/domain/workflow/workflow-version';
import { WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { WorkflowVersionRepository } from '../../../core/ports/workflow-version-repository.port';
import { aWorkflow, linearGraph, node } from '../../fixtures/workflows/workflow.mother';

export interface WorkflowVersionRepositoryHarness {
  workflows: WorkflowRepository;
  versions: WorkflowVersionRepository;
  destroy(): Promise<void>;
}

export function describeWorkflowVersionRepositoryContract(name: string, makeHarness: () => Promise<WorkflowVersionRepositoryHarness>): void {
  describe(name, () => {
    let h: WorkflowVersionRepositoryHarness;

    beforeAll(async () => {
      h = await makeHarness();
    });
    afterAll(async () => {
      await h?.destroy();
    });

    /** A stored workflow with versions 1..count, each a little different. */
    const withVersions = async (count: number) => {
      const workflow = aWorkflow();
      await h.workflows.create(workflow);
      const versions = Array.from({ length: count }, (_, i) =>
        versionOf({
          ...workflow,
          version: i + 1,
          name: `Name ${i + 1}`,
          graph: linearGraph(node(`t${i}`, 'template', { template: `v${i + 1}` }, `Step ${i + 1}`)),
          updatedAt: new Date(workflow.createdAt.getTime() + i * 1000),
        }),
      );
      for (const version of versions) await h.versions.add(version);
      return { workflow, versions };
    };

    it('When versions are added, Then each is found by workflow and number with every field unchanged', async () => {
      const { workflow, versions } = await withVersions(2);
      expect(await h.versions.find(workflow.id, 1)).toEqual(versions[0]);
      expect(await h.versions.find(workflow.id, 2)).toEqual(versions[1]);
      expect(await h.versions.find(workflow.id, 3)).toBeUndefined();
      expect(await h.versions.find(randomUUID(), 1)).toBeUndefined();
    });

    it('When listed, Then a workflow’s versions come newest first, paged, with their total, and no other workflow’s', async () => {
      const { workflow, versions } = await withVersions(3);
      await withVersions(1);
      expect(await h.versions.list(workflow.id, 0, 2)).toEqual({ items: [versions[2], versions[1]], total: 3 });
      expect(await h.versions.list(workflow.id, 2, 2)).toEqual({ items: [versions[0]], total: 3 });
      expect(await h.versions.list(randomUUID(), 0, 10)).toEqual({ items: [], total: 0 });
    });

    it('When a version number is added twice, Then the second is refused and the first stays', async () => {
      const { workflow, versions } = await withVersions(1);
      await expect(h.versions.add({ ...versions[0], name: 'Overwrite' })).rejects.toThrow();
      expect(await h.versions.find(workflow.id, 1)).toEqual(versions[0]);
    });

    it('When a version of an unknown workflow is added, Then it is refused (foreign key)', async () => {
      await expect(h.versions.add(versionOf(aWorkflow()))).rejects.toThrow();
    });

    it('When the graph is far larger than 64 KiB, Then it is stored and read back whole', async () => {
      const workflow = aWorkflow({
        graph: linearGraph(...Array.from({ length: 150 }, (_, i) => node(`n${i}`, 'llm', { prompt: `${'é'.repeat(2000)} ${i}` }))),
      });
      await h.workflows.create(workflow);
      await h.versions.add(versionOf(workflow));
      expect(await h.versions.find(workflow.id, 1)).toEqual(versionOf(workflow));
    });
  });
}
