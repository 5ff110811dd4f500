import { StorageKind } from '../../../adapters/config/app-config';
import { UNIT_OF_WORK } from '../../../core/ports/unit-of-work.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeUnitOfWorkContract } from '../ports/unit-of-work.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { unitOfWork: storage.get(UNIT_OF_WORK), users: storage.get(USER_REPOSITORY), destroy: () => storage.destroy() };
};

describeUnitOfWorkContract('TypeOrmUnitOfWork on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmUnitOfWork on MariaDB', () => describeUnitOfWorkContract('unit of work contract', harness('mysql')));
