import { AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { TaskOrmEntity } from '../entities/task.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** Tasks assigned to the agent stay, unassigned (an empty `assignee_agent_id` is "none"). */
export class TypeOrmTaskDependants implements AgentDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForAgent(agentId: string): Promise<void> {
    await this.managers.use((manager) => manager.update(TaskOrmEntity, { assigneeAgentId: agentId }, { assigneeAgentId: '' }));
  }
}
