import { OpenGate } from '../../../adapters/storage/typeorm/connection-gate';
import { KnowledgeDocumentOrmEntity } from '../../../adapters/storage/typeorm/entities/knowledge-document.orm-entity';
import { sqliteFts5, mysqlFulltext } from '../../../adapters/storage/typeorm/knowledge-keyword/full-text-dialect';
import { TypeOrmKnowledgeKeywordIndex } from '../../../adapters/storage/typeorm/knowledge-keyword/typeorm-knowledge-keyword-index';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { toKnowledgeDocumentRow } from '../../../adapters/storage/typeorm/mappers/knowledge-document.mapper';
import { AddKnowledgeChunkSearchTerms1795254463100 } from '../../../adapters/storage/typeorm/migrations/1795254463100-add-knowledge-chunk-search-terms.migration';
import { TypeOrmKnowledgeBaseRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-knowledge-base-repository';
import { TypeOrmUserRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-user-repository';
import { aKnowledgeBase, aKnowledgeDocument } from '../../fixtures/knowledge/knowledge.mother';
import { aUser } from '../../fixtures/users/user.mother';
import { describeMigrationOnEachDialect, migratedAcross } from '../../support/migrations-before';

/** More chunks than one backfill page, in two documents, so paging crosses both a chunk index and a document id. */
const CHUNKS_PER_DOCUMENT = 300;

describeMigrationOnEachDialect('Knowledge chunk search terms migration', (database, kind) => {
  it('When chunks exist before keyword search, Then the migration indexes every one of them, and undoing it and migrating again does the same', async () => {
    const owner = aUser();
    const base = aKnowledgeBase({ ownerId: owner.id });
    const documents = [
      aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId: owner.id }),
      aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId: owner.id }),
    ];
    const current = await migratedAcross(
      database(),
      AddKnowledgeChunkSearchTerms1795254463100,
      async (earlier) => {
        const managers = new ManagerProvider(earlier, new OpenGate());
        await new TypeOrmUserRepository(managers).create(owner);
        await new TypeOrmKnowledgeBaseRepository(managers).create(base);
        for (const [d, document] of documents.entries()) {
          await earlier.manager.insert(KnowledgeDocumentOrmEntity, toKnowledgeDocumentRow(document));
          const rows = Array.from({ length: CHUNKS_PER_DOCUMENT }, (_, i) => [
            document.id,
            i,
            base.id,
            `Filler ${d} 填充 ${i === 0 ? `first 向量 AI ${d}` : i}`,
          ]);
          await earlier.query(
            `INSERT INTO knowledge_chunks (document_id, chunk_index, knowledge_base_id, content) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')}`,
            rows.flat(),
          );
        }
      },
      { through: true },
    );
    try {
      const index = new TypeOrmKnowledgeKeywordIndex(new ManagerProvider(current, new OpenGate()), kind === 'mysql' ? mysqlFulltext : sqliteFts5);
      const lasts = await index.search({ query: String(CHUNKS_PER_DOCUMENT - 1), k: 5 });
      expect(lasts.map((hit) => `${hit.documentId}:${hit.chunkIndex}`).sort()).toEqual(
        documents.map((document) => `${document.id}:${CHUNKS_PER_DOCUMENT - 1}`).sort(),
      );
      const firsts = await index.search({ query: '向量 AI', k: 5, knowledgeBaseIds: [base.id] });
      expect(firsts.map((hit) => hit.documentId).sort()).toEqual(documents.map((document) => document.id).sort());
      expect(await index.search({ query: '填充', k: 1000 })).toHaveLength(2 * CHUNKS_PER_DOCUMENT);

      await current.undoLastMigration();
      const columns = (await current.query('SELECT * FROM knowledge_chunks WHERE chunk_index = 0')) as Array<Record<string, unknown>>;
      expect(columns).toHaveLength(2);
      expect(Object.keys(columns[0])).not.toContain('search_terms');
      await current.runMigrations();
      expect(await index.search({ query: '填充', k: 1000 })).toHaveLength(2 * CHUNKS_PER_DOCUMENT);
    } finally {
      await current.destroy();
    }
  });
});
