import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';

/** Owner and admins may use (see, run, duplicate) any agent; others only a deployed (published) one. */
export function canUseAgent(actor: Actor, agent: Pick<Agent, 'ownerId' | 'status'>): boolean {
  return can(actor, 'execute', { ownerId: agent.ownerId }) || agent.status === 'deployed';
}

/** Only the owner or an admin may change, deploy, stop or delete an agent. */
export function canManageAgent(actor: Actor, agent: Pick<Agent, 'ownerId'>): boolean {
  return can(actor, 'manage', { ownerId: agent.ownerId });
}
