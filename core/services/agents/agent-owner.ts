import { Agent } from '../../domain/agent/agent.entity';
import { Actor } from '../../domain/auth/actor';

/**
 * The agent's owner as an actor, for what an agent does with its owner's rights (its knowledge
 * bases). The owner's role is known only when the owner is the caller; otherwise it is `user`.
 */
export function agentOwner(caller: Actor, agent: Pick<Agent, 'ownerId'>): Actor {
  return caller.userId === agent.ownerId ? caller : { userId: agent.ownerId, role: 'user' };
}
