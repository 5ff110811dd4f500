import { WorkflowDependants } from '../../../../core/ports/workflow-dependants.port';
import { WorkflowVersionOrmEntity } from '../entities/workflow-version.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** The workflow's versions go with it (the foreign key would cascade; deleting them first keeps every dialect alike). */
export class TypeOrmWorkflowVersionDependants implements WorkflowDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForWorkflow(workflowId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(WorkflowVersionOrmEntity, { workflowId }));
  }
}
