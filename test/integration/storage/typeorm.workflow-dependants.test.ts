import { StorageKind } from '../../../adapters/config/app-config';
import { createContainer } from '../../../adapters/composition/create-container';
import { EXECUTION_REPOSITORY } from '../../../core/ports/execution-repository.port';
import { SCHEDULE_REPOSITORY } from '../../../core/ports/schedule-repository.port';
import { UNIT_OF_WORK } from '../../../core/ports/unit-of-work.port';
import { WEBHOOK_DELIVERY_REPOSITORY } from '../../../core/ports/webhook-delivery-repository.port';
import { WORKFLOW_DEPENDANTS, WorkflowDependants } from '../../../core/ports/workflow-dependants.port';
import { WORKFLOW_REPOSITORY } from '../../../core/ports/workflow-repository.port';
import { WORKFLOW_VERSION_REPOSITORY } from '../../../core/ports/workflow-version-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeWorkflowDependantsContract } from '../ports/workflow-dependants.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  const container = createContainer();
  container.loadSync(storage.module);
  return {
    dependants: container.getAll<WorkflowDependants>(WORKFLOW_DEPENDANTS),
    workflows: storage.get(WORKFLOW_REPOSITORY),
    versions: storage.get(WORKFLOW_VERSION_REPOSITORY),
    schedules: storage.get(SCHEDULE_REPOSITORY),
    executions: storage.get(EXECUTION_REPOSITORY),
    deliveries: storage.get(WEBHOOK_DELIVERY_REPOSITORY),
    unitOfWork: storage.get(UNIT_OF_WORK),
    destroy: () => storage.destroy(),
  };
};

describeWorkflowDependantsContract('TypeORM workflow dependants on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeORM workflow dependants on MariaDB', () =>
  describeWorkflowDependantsContract('workflow dependants contract', harness('mysql')),
);
