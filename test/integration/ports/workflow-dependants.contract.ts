import { versionOf } from '../../../core/domain/workflow/workflow-version';
import { Workflow } from '../../../core/domain/workflow/workflow.entity';
import { ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { UnitOfWork } from '../../../core/ports/unit-of-work.port';
import { WorkflowDependants } from '../../../core/ports/workflow-dependants.port';
import { WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { WebhookDeliveryRepository } from '../../../core/ports/webhook-delivery-repository.port';
import { WorkflowVersionRepository } from '../../../core/ports/workflow-version-repository.port';
import { aSchedule } from '../../fixtures/schedules/schedule.mother';
import { anExecution, aWorkflow } from '../../fixtures/workflows/workflow.mother';

const NOW = new Date('2026-01-01T00:00:00.000Z');
const LATER = new Date('2026-01-02T00:00:00.000Z');

export interface WorkflowDependantsHarness {
  /** Every binding of WORKFLOW_DEPENDANTS. */
  dependants: WorkflowDependants[];
  workflows: WorkflowRepository;
  versions: WorkflowVersionRepository;
  schedules: ScheduleRepository;
  executions: ExecutionRepository;
  deliveries: WebhookDeliveryRepository;
  unitOfWork: UnitOfWork;
  destroy(): Promise<void>;
}

/**
 * Deleting a workflow against real storage: what the bound dependants remove inside the delete's
 * transaction, that another workflow's records stay, and that a failure later rolls all of it back.
 */
export function describeWorkflowDependantsContract(name: string, makeHarness: () => Promise<WorkflowDependantsHarness>): void {
  describe(name, () => {
    let h: WorkflowDependantsHarness;

    beforeAll(async () => {
      h = await makeHarness();
    });
    afterAll(async () => {
      await h?.destroy();
    });

    /** A workflow with a version, a schedule and an execution pointing at it. */
    const workflowWithDependants = async () => {
      const workflow = aWorkflow();
      await h.workflows.create(workflow);
      await h.versions.add(versionOf(workflow));
      const schedule = aSchedule({ ownerId: workflow.ownerId, targetType: 'workflow', targetId: workflow.id });
      const execution = anExecution({ ownerId: workflow.ownerId, targetType: 'workflow', targetId: workflow.id });
      await h.schedules.create(schedule);
      await h.executions.create(execution);
      const delivery = { workflowId: workflow.id, idempotencyKey: `delivery-${execution.id}`, executionId: execution.id, createdAt: NOW, expiresAt: LATER };
      expect(await h.deliveries.claim(delivery, NOW)).toBe(true);
      return { workflow, schedule, execution, delivery };
    };
    const removeAll = async (workflow: Workflow) => {
      for (const dependants of h.dependants) await dependants.removeForWorkflow(workflow.id);
    };
    const expectIntact = async (records: Awaited<ReturnType<typeof workflowWithDependants>>) => {
      expect(await h.workflows.findById(records.workflow.id)).toEqual(records.workflow);
      expect(await h.versions.find(records.workflow.id, 1)).toEqual(versionOf(records.workflow));
      expect(await h.schedules.findById(records.schedule.id)).toEqual(records.schedule);
      expect(await h.executions.findById(records.execution.id)).toEqual(records.execution);
      expect((await h.deliveries.find(records.workflow.id, records.delivery.idempotencyKey, NOW))?.executionId).toBe(records.execution.id);
    };

    it("When a workflow's dependants are removed and it is deleted, Then its versions, schedules, executions and webhook keys go, another's stay", async () => {
      const doomed = await workflowWithDependants();
      const bystander = await workflowWithDependants();
      await h.unitOfWork.run(async () => {
        await removeAll(doomed.workflow);
        expect(await h.workflows.delete(doomed.workflow.id)).toBe(true);
      });
      expect(await h.workflows.findById(doomed.workflow.id)).toBeUndefined();
      expect(await h.versions.find(doomed.workflow.id, 1)).toBeUndefined();
      expect(await h.schedules.findById(doomed.schedule.id)).toBeUndefined();
      expect(await h.executions.findById(doomed.execution.id)).toBeUndefined();
      expect(await h.deliveries.find(doomed.workflow.id, doomed.delivery.idempotencyKey, NOW)).toBeUndefined();
      await expectIntact(bystander);
    });

    it('When the delete fails after the dependants ran, Then the transaction rolls every change back', async () => {
      const kept = await workflowWithDependants();
      await expect(
        h.unitOfWork.run(async () => {
          await removeAll(kept.workflow);
          throw new Error('the delete failed');
        }),
      ).rejects.toThrow('the delete failed');
      await expectIntact(kept);
    });
  });
}
