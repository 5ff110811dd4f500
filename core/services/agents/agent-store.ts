import { Agent } from '../../domain/agent/agent.entity';
import { versionOf } from '../../domain/agent/new-agent';
import { AgentRepository } from '../../ports/agent-repository.port';
import { UnitOfWork } from '../../ports/unit-of-work.port';

/** Stores a new agent (create, duplicate, import) with its version 1, in one transaction. */
export function storeNewAgent(agents: AgentRepository, unitOfWork: UnitOfWork, agent: Agent): Promise<void> {
  return unitOfWork.run(async () => {
    await agents.create(agent);
    await agents.addVersion(versionOf(agent));
  });
}
