import { OpenGate } from '../../../adapters/storage/typeorm/connection-gate';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { TypeOrmUserRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-user-repository';
import { AddKnowledgeIngestion1795254463000 } from '../../../adapters/storage/typeorm/migrations/1795254463000-add-knowledge-ingestion.migration';
import { aUser } from '../../fixtures/users/user.mother';
import { describeMigrationOnEachDialect, migratedAcross } from '../../support/migrations-before';

const AT = '2025-01-01 00:00:00.000';

describeMigrationOnEachDialect('Knowledge ingestion migration', (database) => {
  it('When bases, documents and chunks exist before ingestion jobs, Then every row survives, indexing documents become processing and bases that held documents are legacy', async () => {
    const owner = aUser();
    const current = await migratedAcross(database(), AddKnowledgeIngestion1795254463000, async (earlier) => {
      await new TypeOrmUserRepository(new ManagerProvider(earlier, new OpenGate())).create(owner);
      for (const base of ['b-full', 'b-empty']) {
        await earlier.query(`INSERT INTO knowledge_bases (id, owner_id, name, description, is_public, created_at, updated_at) VALUES (?, ?, ?, '', 0, ?, ?)`, [
          base,
          owner.id,
          base,
          AT,
          AT,
        ]);
      }
      for (const [id, status] of [
        ['d-ready', 'ready'],
        ['d-indexing', 'indexing'],
      ]) {
        await earlier.query(
          `INSERT INTO knowledge_documents (id, knowledge_base_id, owner_id, title, content_type, char_count, chunk_count, status, metadata, created_at, updated_at)
           VALUES (?, 'b-full', ?, ?, 'text/plain', 10, 2, ?, '{}', ?, ?)`,
          [id, owner.id, id, status, AT, AT],
        );
        for (const index of [0, 1]) {
          await earlier.query(`INSERT INTO knowledge_chunks (document_id, chunk_index, knowledge_base_id, content) VALUES (?, ?, 'b-full', ?)`, [
            id,
            index,
            `${id} ${index}`,
          ]);
        }
      }
    });
    try {
      const bases = (await current.query('SELECT id, embedding_model, chunk_size, chunk_overlap FROM knowledge_bases ORDER BY id')) as Array<
        Record<string, unknown>
      >;
      expect(bases.map((b) => [b.id, b.embedding_model, Number(b.chunk_size), Number(b.chunk_overlap)])).toEqual([
        ['b-empty', '', 800, 100],
        ['b-full', 'legacy', 800, 100],
      ]);
      const documents = (await current.query('SELECT id, status, source_kind, failure_reason FROM knowledge_documents ORDER BY id')) as Array<
        Record<string, unknown>
      >;
      expect(documents).toEqual([
        { id: 'd-indexing', status: 'processing', source_kind: 'text', failure_reason: '' },
        { id: 'd-ready', status: 'ready', source_kind: 'text', failure_reason: '' },
      ]);
      const chunks = (await current.query(
        'SELECT document_id, chunk_index, start_offset, end_offset FROM knowledge_chunks ORDER BY document_id, chunk_index',
      )) as Array<Record<string, unknown>>;
      expect(chunks.map((c) => `${String(c.document_id)}:${String(c.chunk_index)}`)).toEqual(['d-indexing:0', 'd-indexing:1', 'd-ready:0', 'd-ready:1']);
    } finally {
      await current.destroy();
    }
  });
});
