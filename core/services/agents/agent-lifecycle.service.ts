import { inject, injectable } from 'inversify';
import { Agent } from '../../domain/agent/agent.entity';
import { AgentConflictError, AgentNotFoundError } from '../../domain/agent/agent.errors';
import { AgentAction, nextAgentStatus } from '../../domain/agent/agent-transitions';
import { Actor } from '../../domain/auth/actor';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { AuditTrail } from '../audit/audit-trail.service';
import { recordAgentChange } from './agent-audit';
import { AgentLookup } from './agent-lookup';

/**
 * Deploys and stops agents (agent-transitions.ts: an illegal move is 409) and makes one its
 * owner's main agent. Owner or admin only, as for an update.
 */
@injectable()
export class AgentLifecycle {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(AgentLookup) private readonly lookup: AgentLookup,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  deploy(actor: Actor, id: string): Promise<Agent> {
    return this.move(actor, id, 'deploy');
  }

  stop(actor: Actor, id: string): Promise<Agent> {
    return this.move(actor, id, 'stop');
  }

  /** At most one main agent per owner: the owner's previous one is unset in the same transaction. Idempotent. */
  async makeMain(actor: Actor, id: string): Promise<Agent> {
    const agent = await this.lookup.manageable(actor, id, 'make main');
    if (agent.isMainAgent) return agent;
    const now = this.clock.now();
    if (!(await this.agents.setMainAgent(agent.id, now))) throw new AgentNotFoundError(id);
    const main: Agent = { ...agent, isMainAgent: true, updatedAt: now };
    await recordAgentChange(this.audit, actor, 'make_main', main);
    return main;
  }

  private async move(actor: Actor, id: string, action: AgentAction): Promise<Agent> {
    const moved = await this.unitOfWork.run(async () => {
      const current = await this.lookup.manageable(actor, id, action);
      const next: Agent = { ...current, status: nextAgentStatus(current.status, action), updatedAt: this.clock.now() };
      if (!(await this.agents.updateIfCurrent(next, current))) {
        throw new AgentConflictError(`The agent changed while it was being ${action === 'deploy' ? 'deployed' : 'stopped'}; try again`);
      }
      return next;
    });
    await recordAgentChange(this.audit, actor, action, moved);
    return moved;
  }
}
