import { inject, injectable, multiInject } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { WorkflowConflictError } from '../../domain/workflow/workflow-record.errors';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { WORKFLOW_DEPENDANTS, WorkflowDependants } from '../../ports/workflow-dependants.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../ports/workflow-repository.port';
import { AuditTrail } from '../audit/audit-trail.service';
import { recordWorkflowChange } from './workflow-audit';
import { WorkflowLookup } from './workflow-lookup';

/**
 * Deletes a workflow (owner or admin): in one transaction, every dependant bound to
 * WORKFLOW_DEPENDANTS removes what belongs to it (versions, schedules, executions…), then the
 * workflow goes. So the delete never fails on a dependent record, and a failure anywhere leaves
 * everything in place.
 */
@injectable()
export class WorkflowRemover {
  constructor(
    @inject(WORKFLOW_REPOSITORY) private readonly workflows: WorkflowRepository,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(WorkflowLookup) private readonly lookup: WorkflowLookup,
    @multiInject(WORKFLOW_DEPENDANTS) private readonly dependants: WorkflowDependants[],
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  async remove(actor: Actor, id: string): Promise<void> {
    const removed = await this.unitOfWork.run(async () => {
      const workflow = await this.lookup.owned(actor, id);
      for (const dependants of this.dependants) await dependants.removeForWorkflow(workflow.id);
      if (!(await this.workflows.delete(workflow.id))) {
        throw new WorkflowConflictError('The workflow changed while it was being deleted; try again');
      }
      return workflow;
    });
    await recordWorkflowChange(this.audit, actor, 'delete', removed);
  }
}
