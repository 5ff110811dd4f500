import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { AgentForbiddenError, AgentNotFoundError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { canManageAgent, canUseAgent } from './agent-access';

/** Finds an agent for an actor, applying who may see it and who may change it. */
@injectable()
export class AgentLookup {
  constructor(@inject(AGENT_REPOSITORY) private readonly agents: AgentRepository) {}

  /** `AgentNotFoundError` (404) when the agent is missing or the actor may not see it. */
  async visible(actor: Actor, id: string): Promise<Agent> {
    const agent = await this.agents.findById(id);
    if (!agent || !canUseAgent(actor, agent)) throw new AgentNotFoundError(id);
    return agent;
  }

  /** As `visible`, and `AgentForbiddenError` (403) when the actor sees the agent but may not `action` it. */
  async manageable(actor: Actor, id: string, action: string): Promise<Agent> {
    const agent = await this.visible(actor, id);
    if (!canManageAgent(actor, agent)) throw new AgentForbiddenError(action);
    return agent;
  }
}
