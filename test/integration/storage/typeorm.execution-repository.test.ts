import { StorageKind } from '../../../adapters/config/app-config';
import { EXECUTION_REPOSITORY } from '../../../core/ports/execution-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeExecutionRepositoryContract } from '../ports/execution-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { executions: storage.get(EXECUTION_REPOSITORY), destroy: () => storage.destroy() };
};

describeExecutionRepositoryContract('TypeOrmExecutionRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmExecutionRepository on MariaDB', () =>
  describeExecutionRepositoryContract('execution repository contract', harness('mysql')),
);
