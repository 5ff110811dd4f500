import { WorkflowDependants } from '../../../../core/ports/workflow-dependants.port';
import { ExecutionOrmEntity } from '../entities/execution.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** The workflow's executions go with it, as an agent's do with the agent. */
export class TypeOrmWorkflowExecutionDependants implements WorkflowDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForWorkflow(workflowId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(ExecutionOrmEntity, { targetType: 'workflow', targetId: workflowId }));
  }
}
