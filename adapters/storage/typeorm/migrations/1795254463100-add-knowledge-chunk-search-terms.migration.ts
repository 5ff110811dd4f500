import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { indexedSearchTerms } from '../knowledge-keyword/encoded-terms';
import { isMysql, portable } from './portable-columns';

const SEARCH_TERMS = new TableColumn(portable.text('search_terms', { default: "''" }));
const BACKFILL_BATCH = 500;

interface ChunkRow {
  document_id: string;
  chunk_index: number | string;
  content: string;
}

/**
 * Keyword search over knowledge chunks. Each chunk gets `search_terms` (its encoded terms, see
 * knowledge-keyword/encoded-terms.ts), filled here for existing chunks, and the engine's full-text
 * index over it: a FULLTEXT index on MySQL/MariaDB; on SQLite an external-content FTS5 table keyed
 * by the chunk's rowid, kept in step by triggers, so cascaded deletes of documents and bases drop
 * their entries too.
 *
 * The FTS5 table follows `knowledge_chunks` rowids, which nothing else refers to but which a table
 * rebuild may renumber: a later migration that recreates `knowledge_chunks` on SQLite must recreate
 * these triggers and run `INSERT INTO knowledge_chunks_fts(knowledge_chunks_fts) VALUES ('rebuild')`.
 */
export class AddKnowledgeChunkSearchTerms1795254463100 implements MigrationInterface {
  readonly name = 'AddKnowledgeChunkSearchTerms1795254463100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('knowledge_chunks', SEARCH_TERMS);
    await backfill(queryRunner);
    if (isMysql(queryRunner)) {
      await queryRunner.query('ALTER TABLE knowledge_chunks ADD FULLTEXT INDEX FT_knowledge_chunks_search_terms (search_terms)');
      return;
    }
    await queryRunner.query("CREATE VIRTUAL TABLE knowledge_chunks_fts USING fts5(search_terms, content='knowledge_chunks', content_rowid='rowid')");
    await queryRunner.query(
      `CREATE TRIGGER knowledge_chunks_fts_insert AFTER INSERT ON knowledge_chunks BEGIN
         INSERT INTO knowledge_chunks_fts(rowid, search_terms) VALUES (new.rowid, new.search_terms);
       END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER knowledge_chunks_fts_delete AFTER DELETE ON knowledge_chunks BEGIN
         INSERT INTO knowledge_chunks_fts(knowledge_chunks_fts, rowid, search_terms) VALUES ('delete', old.rowid, old.search_terms);
       END`,
    );
    await queryRunner.query(
      `CREATE TRIGGER knowledge_chunks_fts_update AFTER UPDATE ON knowledge_chunks BEGIN
         INSERT INTO knowledge_chunks_fts(knowledge_chunks_fts, rowid, search_terms) VALUES ('delete', old.rowid, old.search_terms);
         INSERT INTO knowledge_chunks_fts(rowid, search_terms) VALUES (new.rowid, new.search_terms);
       END`,
    );
    await queryRunner.query("INSERT INTO knowledge_chunks_fts(knowledge_chunks_fts) VALUES ('rebuild')");
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (isMysql(queryRunner)) {
      await queryRunner.query('ALTER TABLE knowledge_chunks DROP INDEX FT_knowledge_chunks_search_terms');
    } else {
      for (const trigger of ['insert', 'delete', 'update']) await queryRunner.query(`DROP TRIGGER knowledge_chunks_fts_${trigger}`);
      await queryRunner.query('DROP TABLE knowledge_chunks_fts');
    }
    await queryRunner.dropColumn('knowledge_chunks', SEARCH_TERMS.name);
  }
}

/** Existing chunks' terms, computed here since no SQL function tokenizes like `searchTerms`; keyset pages keep each query short. */
async function backfill(queryRunner: QueryRunner): Promise<void> {
  let after: { documentId: string; chunkIndex: number } | undefined;
  for (;;) {
    const rows = (await queryRunner.query(
      'SELECT document_id, chunk_index, content FROM knowledge_chunks' +
        (after ? ' WHERE document_id > ? OR (document_id = ? AND chunk_index > ?)' : '') +
        ' ORDER BY document_id, chunk_index LIMIT ?',
      after ? [after.documentId, after.documentId, after.chunkIndex, BACKFILL_BATCH] : [BACKFILL_BATCH],
    )) as ChunkRow[];
    for (const row of rows) {
      await queryRunner.query('UPDATE knowledge_chunks SET search_terms = ? WHERE document_id = ? AND chunk_index = ?', [
        indexedSearchTerms(row.content),
        row.document_id,
        row.chunk_index,
      ]);
    }
    if (rows.length < BACKFILL_BATCH) return;
    const last = rows[rows.length - 1];
    after = { documentId: last.document_id, chunkIndex: Number(last.chunk_index) };
  }
}
