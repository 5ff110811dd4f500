import { AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { AgentVersionOrmEntity } from '../entities/agent-version.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** The agent's versions go with it (the foreign key would cascade; deleting them first keeps every dialect alike). */
export class TypeOrmAgentVersionDependants implements AgentDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForAgent(agentId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(AgentVersionOrmEntity, { agentId }));
  }
}
