import { inject, injectable, multiInject } from 'inversify';
import { AgentConflictError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { AGENT_DEPENDANTS, AgentDependants } from '../../ports/agent-dependants.port';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { UNIT_OF_WORK, UnitOfWork } from '../../ports/unit-of-work.port';
import { AuditTrail } from '../audit/audit-trail.service';
import { recordAgentChange } from './agent-audit';
import { AgentLookup } from './agent-lookup';

/**
 * Deletes an agent (behaviour rule 1): in one transaction, every dependant bound to
 * AGENT_DEPENDANTS removes or unbinds what refers to the agent, then the agent goes. So the
 * delete never fails on a dependent record, and a failure anywhere leaves everything in place.
 */
@injectable()
export class AgentRemover {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(UNIT_OF_WORK) private readonly unitOfWork: UnitOfWork,
    @inject(AgentLookup) private readonly lookup: AgentLookup,
    @multiInject(AGENT_DEPENDANTS) private readonly dependants: AgentDependants[],
    @inject(AuditTrail) private readonly audit: AuditTrail,
  ) {}

  /** Owner or admin only: 404 when the agent is invisible to the actor, 403 when it is visible but not theirs. */
  async remove(actor: Actor, id: string): Promise<void> {
    const removed = await this.unitOfWork.run(async () => {
      const agent = await this.lookup.manageable(actor, id, 'delete');
      for (const dependants of this.dependants) await dependants.removeForAgent(agent.id);
      if (!(await this.agents.deleteIfStatus(agent.id, agent.status))) {
        throw new AgentConflictError('The agent changed while it was being deleted; try again');
      }
      return agent;
    });
    await recordAgentChange(this.audit, actor, 'delete', removed);
  }
}
