import { Actor } from '../../domain/auth/actor';
import { Workflow } from '../../domain/workflow/workflow.entity';
import { AuditTrail } from '../audit/audit-trail.service';

/** Records a change of a workflow in the audit trail (`workflow.create`, `workflow.rollback`, …). */
export function recordWorkflowChange(audit: AuditTrail, actor: Actor, action: string, workflow: Workflow): Promise<void> {
  return audit.record({
    actorId: actor.userId,
    action: `workflow.${action}`,
    resourceType: 'workflow',
    resourceId: workflow.id,
    outcome: 'success',
    detail: { name: workflow.name, owner_id: workflow.ownerId, version: workflow.version },
  });
}
