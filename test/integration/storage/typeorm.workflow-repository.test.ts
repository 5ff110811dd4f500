import { StorageKind } from '../../../adapters/config/app-config';
import { WORKFLOW_REPOSITORY } from '../../../core/ports/workflow-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeWorkflowRepositoryContract } from '../ports/workflow-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { workflows: storage.get(WORKFLOW_REPOSITORY), destroy: () => storage.destroy() };
};

describeWorkflowRepositoryContract('TypeOrmWorkflowRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmWorkflowRepository on MariaDB', () =>
  describeWorkflowRepositoryContract('workflow repository contract', harness('mysql')),
);
