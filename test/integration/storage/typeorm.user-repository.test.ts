import { StorageKind } from '../../../adapters/config/app-config';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeUserRepositoryContract } from '../ports/user-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { users: storage.get(USER_REPOSITORY), destroy: () => storage.destroy() };
};

describeUserRepositoryContract('TypeOrmUserRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmUserRepository on MariaDB', () => describeUserRepositoryContract('user repository contract', harness('mysql')));
