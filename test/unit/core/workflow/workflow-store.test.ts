import { Actor } from '../../../../core/domain/auth/actor';
import { WorkflowVersion } from '../../../../core/domain/workflow/workflow-version';
import { Workflow } from '../../../../core/domain/workflow/workflow.entity';
import { WorkflowConflictError } from '../../../../core/domain/workflow/workflow-record.errors';
import { WorkflowRepository } from '../../../../core/ports/workflow-repository.port';
import { WorkflowVersionRepository } from '../../../../core/ports/workflow-version-repository.port';
import { AuditTrail } from '../../../../core/services/audit/audit-trail.service';
import { WorkflowLookup } from '../../../../core/services/workflows/workflow-lookup';
import { WorkflowStore } from '../../../../core/services/workflows/workflow-store.service';
import { aWorkflow, linearGraph } from '../../../fixtures/workflows/workflow.mother';

const NOW = new Date('2025-01-02T03:04:05.678Z');

/** The store over one stored workflow whose conditional update answers `applies`. */
function storeWith(current: Workflow, applies: boolean) {
  const added: WorkflowVersion[] = [];
  const updates: Array<{ workflow: Workflow; expected: number }> = [];
  const workflows = {
    findById: async (id: string) => (id === current.id ? current : undefined),
    updateIfVersion: async (workflow: Workflow, expected: number) => {
      updates.push({ workflow, expected });
      return applies;
    },
  } as unknown as WorkflowRepository;
  const versions = { add: async (version: WorkflowVersion) => void added.push(version) } as unknown as WorkflowVersionRepository;
  const unitOfWork = { run: <T>(work: () => Promise<T>) => work() };
  const audit = { record: async () => undefined } as unknown as AuditTrail;
  const store = new WorkflowStore(
    workflows,
    versions,
    unitOfWork,
    new WorkflowLookup(workflows),
    { uuid: () => 'new-id', secret: () => 'secret' },
    { now: () => NOW },
    audit,
  );
  return { store, added, updates };
}

describe('WorkflowStore.replace', () => {
  const owner: Actor = { userId: 'owner', role: 'user' };
  const payload = { name: 'Next', description: '', graph: linearGraph() };

  it('When the stored version is still the one read, Then the workflow and its next version are written', async () => {
    const current = aWorkflow({ ownerId: 'owner', version: 3 });
    const { store, added, updates } = storeWith(current, true);
    const next = await store.replace(owner, current.id, payload, 'update');
    expect(next).toEqual({ ...current, ...payload, version: 4, updatedAt: NOW });
    expect(updates).toEqual([{ workflow: next, expected: 3 }]);
    expect(added).toEqual([{ workflowId: current.id, version: 4, name: 'Next', description: '', graph: payload.graph, createdAt: NOW }]);
  });

  it('When another save got there first, Then it is a conflict (409) and no version is added', async () => {
    const current = aWorkflow({ ownerId: 'owner', version: 3 });
    const { store, added } = storeWith(current, false);
    await expect(store.replace(owner, current.id, payload, 'update')).rejects.toBeInstanceOf(WorkflowConflictError);
    expect(added).toEqual([]);
  });
});
