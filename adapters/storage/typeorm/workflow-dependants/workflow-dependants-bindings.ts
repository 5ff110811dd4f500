import { Bind } from 'inversify';
import { WORKFLOW_DEPENDANTS, WorkflowDependants } from '../../../../core/ports/workflow-dependants.port';
import { ManagerProvider } from '../manager-provider';
import { TypeOrmWorkflowExecutionDependants } from './typeorm-workflow-execution-dependants';
import { TypeOrmWorkflowScheduleDependants } from './typeorm-workflow-schedule-dependants';
import { TypeOrmWorkflowVersionDependants } from './typeorm-workflow-version-dependants';
import { TypeOrmWorkflowWebhookDeliveryDependants } from './typeorm-workflow-webhook-delivery-dependants';

/**
 * What deleting a workflow cleans up first, one binding of WORKFLOW_DEPENDANTS each. A module whose
 * records point at workflows (webhook keys, approvals…) adds its implementation here.
 */
export function bindWorkflowDependants(bind: Bind, managers: ManagerProvider): void {
  const dependants: WorkflowDependants[] = [
    new TypeOrmWorkflowScheduleDependants(managers),
    new TypeOrmWorkflowExecutionDependants(managers),
    new TypeOrmWorkflowVersionDependants(managers),
    new TypeOrmWorkflowWebhookDeliveryDependants(managers),
  ];
  for (const dependant of dependants) bind<WorkflowDependants>(WORKFLOW_DEPENDANTS).toConstantValue(dependant);
}
