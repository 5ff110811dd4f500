import { StorageKind } from '../../../adapters/config/app-config';
import { DATA_SOURCE_REPOSITORY } from '../../../core/ports/data-source-repository.port';
import { DOCUMENT_COLLECTION_REPOSITORY } from '../../../core/ports/document-collection-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeDocumentCollectionRepositoryContract } from '../ports/document-collection-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { documents: storage.get(DOCUMENT_COLLECTION_REPOSITORY), sources: storage.get(DATA_SOURCE_REPOSITORY), destroy: () => storage.destroy() };
};

describeDocumentCollectionRepositoryContract('TypeOrmDocumentCollectionRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmDocumentCollectionRepository on MariaDB', () =>
  describeDocumentCollectionRepositoryContract('document collection repository contract', harness('mysql')),
);
