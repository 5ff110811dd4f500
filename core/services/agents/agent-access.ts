import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';

/** Owner and admins may use any agent; others only a deployed (published) one. */
export function canUseAgent(actor: Actor, agent: Agent): boolean {
  return can(actor, 'execute', { ownerId: agent.ownerId }) || agent.status === 'deployed';
}
