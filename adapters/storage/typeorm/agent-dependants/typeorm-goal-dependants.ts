import { AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { GoalOrmEntity } from '../entities/goal.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** Goals bound to the agent stay, unbound (an empty `agent_id` is "none"). */
export class TypeOrmGoalDependants implements AgentDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForAgent(agentId: string): Promise<void> {
    await this.managers.use((manager) => manager.update(GoalOrmEntity, { agentId }, { agentId: '' }));
  }
}
