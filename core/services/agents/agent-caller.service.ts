import { inject, injectable } from 'inversify';
import { AgentRunOptions, AgentRunResult } from '../../domain/agent/agent-run';
import { AgentNotFoundError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { canUseAgent } from './agent-access';
import { AgentRunner } from './agent-runner.service';

/** Runs a stored agent by id for an actor (from a tool, a workflow node, another agent…). */
@injectable()
export class AgentCaller {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(AgentRunner) private readonly runner: AgentRunner,
  ) {}

  /** Throws `AgentNotFoundError` also when the agent exists but the actor may not use it. */
  async call(actor: Actor, agentId: string, message: string, options: AgentRunOptions = {}): Promise<AgentRunResult> {
    const agent = await this.agents.findById(agentId);
    if (!agent || !canUseAgent(actor, agent)) throw new AgentNotFoundError(agentId);
    return this.runner.run(actor, agent, message, options);
  }
}
