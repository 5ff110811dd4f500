import { randomUUID } from 'node:crypto';
import { aKnowledgeBase, aKnowledgeDocument } from '../../fixtures/knowledge/knowledge.mother';
import { InMemoryKnowledgeKeywordIndex } from '../../fixtures/knowledge/in-memory-knowledge-keyword-index';
import { InMemoryKnowledgeStorage } from '../../fixtures/knowledge/in-memory-knowledge-storage';
import { describeKnowledgeKeywordIndexContract } from '../ports/knowledge-keyword-index.contract';

describeKnowledgeKeywordIndexContract('InMemoryKnowledgeKeywordIndex (the unit tests’ double)', async () => {
  const storage = new InMemoryKnowledgeStorage();
  const ownerId = randomUUID();
  return {
    index: new InMemoryKnowledgeKeywordIndex(storage),
    async aBase() {
      const base = aKnowledgeBase({ ownerId });
      await storage.bases.create(base);
      return base.id;
    },
    async addDocument(knowledgeBaseId, passages) {
      const document = aKnowledgeDocument({ knowledgeBaseId, ownerId, chunkCount: passages.length });
      await storage.documents.create(
        document,
        passages.map((content, index) => ({ documentId: document.id, knowledgeBaseId, index, content, start: 0, end: content.length })),
      );
      return document.id;
    },
    async deleteDocument(documentId) {
      await storage.documents.delete(documentId);
    },
    async deleteBase(knowledgeBaseId) {
      await storage.bases.delete(knowledgeBaseId);
    },
    destroy: () => Promise.resolve(),
  };
});
