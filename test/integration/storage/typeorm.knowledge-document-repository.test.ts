import { StorageKind } from '../../../adapters/config/app-config';
import { KNOWLEDGE_BASE_REPOSITORY } from '../../../core/ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY } from '../../../core/ports/knowledge-document-repository.port';
import { UNIT_OF_WORK } from '../../../core/ports/unit-of-work.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeKnowledgeDocumentRepositoryContract } from '../ports/knowledge-document-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return {
    bases: storage.get(KNOWLEDGE_BASE_REPOSITORY),
    documents: storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY),
    users: storage.get(USER_REPOSITORY),
    unitOfWork: storage.get(UNIT_OF_WORK),
    destroy: () => storage.destroy(),
  };
};

describeKnowledgeDocumentRepositoryContract('TypeOrmKnowledgeDocumentRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmKnowledgeDocumentRepository on MariaDB', () =>
  describeKnowledgeDocumentRepositoryContract('knowledge document repository contract', harness('mysql')),
);
