import { WorkflowDependants } from '../../../../core/ports/workflow-dependants.port';
import { WebhookDeliveryOrmEntity } from '../entities/webhook-delivery.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** The workflow's webhook idempotency keys go with it: they name executions that are deleted too. */
export class TypeOrmWorkflowWebhookDeliveryDependants implements WorkflowDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForWorkflow(workflowId: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(WebhookDeliveryOrmEntity, { workflowId }));
  }
}
