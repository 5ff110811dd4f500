import { StorageKind } from '../../../adapters/config/app-config';
import { API_KEY_REPOSITORY } from '../../../core/ports/api-key-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeApiKeyRepositoryContract } from '../ports/api-key-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { keys: storage.get(API_KEY_REPOSITORY), destroy: () => storage.destroy() };
};

describeApiKeyRepositoryContract('TypeOrmApiKeyRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmApiKeyRepository on MariaDB', () => describeApiKeyRepositoryContract('API key repository contract', harness('mysql')));
