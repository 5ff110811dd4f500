import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { WorkflowPayload } from '../../domain/workflow/workflow-payload';
import { versionOf } from '../../domain/workflow/workflow-version';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { WorkflowConflictError } from '../../domain/workflow/workflow-record.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../ports/workflow-repository.port';
import { WORKFLOW_VERSION_REPOSITORY, WorkflowVersionRepository } from '../../ports/workflow-version-repository.port';
import { AuditTrail } from '../audit/audit-trail.service';
import { recordWorkflowChange } from './workflow-audit';
import { WorkflowLookup } from './workflow-lookup';

/**
 * Writes workflows together with their history: a new workflow and its version 1, or a new
 * payload and the version it makes, each in one transaction. A write that raced another one to
 * the same version is refused (409) rather than numbered twice.
 */
@injectable()
export class WorkflowStore {
  constructor(
    @inject(WORKFLOW_REPOSITORY) private readonly workflows: WorkflowRepository,
    @inject(WORKFLOW_VERSION_REPOSITORY) private readonly versions: WorkflowVersionRepository,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(WorkflowLookup) private readonly lookup: WorkflowLookup,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** A new workflow of the actor's at version 1; `action` names it in the audit trail (create, import, template). */
  async create(actor: Actor, payload: WorkflowPayload, action: string): Promise<Workflow> {
    const now = this.clock.now();
    const workflow: Workflow = { id: this.ids.uuid(), ownerId: actor.userId, ...payload, version: 1, createdAt: now, updatedAt: now };
    await this.unitOfWork.run(async () => {
      await this.workflows.create(workflow);
      await this.versions.add(versionOf(workflow));
    });
    await recordWorkflowChange(this.audit, actor, action, workflow);
    return workflow;
  }

  /** The next version of a workflow the actor owns (or any, for an admin), holding `payload`. */
  async replace(actor: Actor, id: string, payload: WorkflowPayload, action: string): Promise<Workflow> {
    const updated = await this.unitOfWork.run(async () => {
      const current = await this.lookup.owned(actor, id);
      const next: Workflow = { ...current, ...payload, version: current.version + 1, updatedAt: this.clock.now() };
      if (!(await this.workflows.updateIfVersion(next, current.version))) {
        throw new WorkflowConflictError('The workflow changed while it was being updated; try again');
      }
      await this.versions.add(versionOf(next));
      return next;
    });
    await recordWorkflowChange(this.audit, actor, action, updated);
    return updated;
  }
}
