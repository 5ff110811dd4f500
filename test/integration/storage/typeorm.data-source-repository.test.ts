import { StorageKind } from '../../../adapters/config/app-config';
import { DATA_SOURCE_REPOSITORY } from '../../../core/ports/data-source-repository.port';
import { DOCUMENT_COLLECTION_REPOSITORY } from '../../../core/ports/document-collection-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeDataSourceRepositoryContract } from '../ports/data-source-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { sources: storage.get(DATA_SOURCE_REPOSITORY), documents: storage.get(DOCUMENT_COLLECTION_REPOSITORY), destroy: () => storage.destroy() };
};

describeDataSourceRepositoryContract('TypeOrmDataSourceRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmDataSourceRepository on MariaDB', () =>
  describeDataSourceRepositoryContract('data source repository contract', harness('mysql')),
);
