import { StorageKind } from '../../../adapters/config/app-config';
import { WORKFLOW_REPOSITORY } from '../../../core/ports/workflow-repository.port';
import { WORKFLOW_VERSION_REPOSITORY } from '../../../core/ports/workflow-version-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeWorkflowVersionRepositoryContract } from '../ports/workflow-version-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { workflows: storage.get(WORKFLOW_REPOSITORY), versions: storage.get(WORKFLOW_VERSION_REPOSITORY), destroy: () => storage.destroy() };
};

describeWorkflowVersionRepositoryContract('TypeOrmWorkflowVersionRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmWorkflowVersionRepository on MariaDB', () =>
  describeWorkflowVersionRepositoryContract('workflow version repository contract', harness('mysql')),
);
