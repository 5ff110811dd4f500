import { StorageKind } from '../../../adapters/config/app-config';
import { KNOWLEDGE_BASE_REPOSITORY } from '../../../core/ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY } from '../../../core/ports/knowledge-document-repository.port';
import { KNOWLEDGE_KEYWORD_INDEX } from '../../../core/ports/knowledge-keyword-index.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { aKnowledgeBase, aKnowledgeDocument } from '../../fixtures/knowledge/knowledge.mother';
import { aUser } from '../../fixtures/users/user.mother';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeKnowledgeKeywordIndexContract, KnowledgeKeywordHarness } from '../ports/knowledge-keyword-index.contract';

/** Chunks written by the document repository (committed: InnoDB FULLTEXT sees rows only then), deleted by it and by the base's cascade. */
const harness = (kind: StorageKind) => async (): Promise<KnowledgeKeywordHarness> => {
  const storage = await createTestStorage(kind);
  const bases = storage.get(KNOWLEDGE_BASE_REPOSITORY);
  const documents = storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY);
  const owner = aUser();
  await storage.get(USER_REPOSITORY).create(owner);
  return {
    index: storage.get(KNOWLEDGE_KEYWORD_INDEX),
    async aBase() {
      const base = aKnowledgeBase({ ownerId: owner.id });
      await bases.create(base);
      return base.id;
    },
    async addDocument(knowledgeBaseId, passages) {
      const document = aKnowledgeDocument({ knowledgeBaseId, ownerId: owner.id, chunkCount: passages.length });
      await documents.create(
        document,
        passages.map((content, index) => ({ documentId: document.id, knowledgeBaseId, index, content, start: 0, end: content.length })),
      );
      return document.id;
    },
    async deleteDocument(documentId) {
      expect(await documents.delete(documentId)).toBe(true);
    },
    async deleteBase(knowledgeBaseId) {
      await bases.delete(knowledgeBaseId);
    },
    destroy: () => storage.destroy(),
  };
};

describeKnowledgeKeywordIndexContract('Knowledge keyword index on SQLite (FTS5)', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'Knowledge keyword index on MariaDB', () =>
  describeKnowledgeKeywordIndexContract('knowledge keyword index contract (FULLTEXT)', harness('mysql')),
);
