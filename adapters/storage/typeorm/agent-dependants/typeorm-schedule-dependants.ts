import { AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { ScheduleOrmEntity } from '../entities/schedule.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** Schedules that run the agent go with it. */
export class TypeOrmScheduleDependants implements AgentDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForAgent(agentId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(ScheduleOrmEntity, { targetType: 'agent', targetId: agentId }));
  }
}
