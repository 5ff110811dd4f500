import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { WorkflowNotFoundError } from '../../domain/workflow/workflow.errors';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../ports/workflow-repository.port';

/** Finds a workflow for an actor: only its owner or an admin sees it; for anyone else it does not exist (404). */
@injectable()
export class WorkflowLookup {
  constructor(@inject(WORKFLOW_REPOSITORY) private readonly workflows: WorkflowRepository) {}

  async owned(actor: Actor, id: string): Promise<Workflow> {
    const workflow = await this.workflows.findById(id);
    if (!workflow || !can(actor, 'manage', { ownerId: workflow.ownerId })) throw new WorkflowNotFoundError(id);
    return workflow;
  }
}
