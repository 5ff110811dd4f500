import { WorkflowDependants } from '../../../../core/ports/workflow-dependants.port';
import { ScheduleOrmEntity } from '../entities/schedule.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** Schedules that run the workflow go with it. */
export class TypeOrmWorkflowScheduleDependants implements WorkflowDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForWorkflow(workflowId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(ScheduleOrmEntity, { targetType: 'workflow', targetId: workflowId }));
  }
}
