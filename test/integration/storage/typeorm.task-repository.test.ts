import { StorageKind } from '../../../adapters/config/app-config';
import { TASK_REPOSITORY } from '../../../core/ports/task-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeTaskRepositoryContract } from '../ports/task-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { tasks: storage.get(TASK_REPOSITORY), destroy: () => storage.destroy() };
};

describeTaskRepositoryContract('TypeOrmTaskRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmTaskRepository on MariaDB', () => describeTaskRepositoryContract('task repository contract', harness('mysql')));
