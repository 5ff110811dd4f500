import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { AuditTrail } from '../audit/audit-trail.service';

/** Records a change of an agent in the audit trail (`agent.create`, `agent.delete`, …). */
export function recordAgentChange(audit: AuditTrail, actor: Actor, action: string, agent: Agent): Promise<void> {
  return audit.record({
    actorId: actor.userId,
    action: `agent.${action}`,
    resourceType: 'agent',
    resourceId: agent.id,
    outcome: 'success',
    detail: { name: agent.name, owner_id: agent.ownerId, status: agent.status, version: agent.version },
  });
}
