import { AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { ExecutionOrmEntity } from '../entities/execution.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** The agent's executions go with it. */
export class TypeOrmExecutionDependants implements AgentDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForAgent(agentId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(ExecutionOrmEntity, { targetType: 'agent', targetId: agentId }));
  }
}
