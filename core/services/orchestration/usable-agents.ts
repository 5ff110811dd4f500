import { Agent } from '../../domain/agent/agent.entity';
import { AgentNotFoundError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { AgentRepository } from '../../ports/agent-repository.port';
import { canUseAgent } from '../agents/agent-access';

/** The agents of `ids`, in order (repeats kept), each one the actor may use (theirs, or deployed); else `AgentNotFoundError` for the first that is not. */
export async function usableAgents(agents: AgentRepository, actor: Actor, ids: ReadonlyArray<string>): Promise<Agent[]> {
  const found = new Map<string, Agent>();
  for (const id of new Set(ids)) {
    const agent = await agents.findById(id);
    if (!agent || !canUseAgent(actor, agent)) throw new AgentNotFoundError(id);
    found.set(id, agent);
  }
  return ids.map((id) => found.get(id) as Agent);
}
