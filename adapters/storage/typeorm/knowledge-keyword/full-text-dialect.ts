import { SqlFragment } from './chunk-filter';

/**
 * One engine's full-text statement over `knowledge_chunks` aliased `c`. It selects
 * documentId, knowledgeBaseId, chunkIndex, content and score (higher is better), best first,
 * with the `filter` appended to its WHERE and at most `k` rows.
 */
export interface FullTextDialect {
  statement(encodedTerms: string[], filter: SqlFragment, k: number): { sql: string; parameters: Array<string | number> };
}

const COLUMNS = 'c.document_id AS documentId, c.knowledge_base_id AS knowledgeBaseId, c.chunk_index AS chunkIndex, c.content AS content';

/**
 * SQLite: the FTS5 table `knowledge_chunks_fts` indexes `search_terms` by the chunk's rowid
 * (external content, kept in step by triggers). Terms are OR-ed, each quoted, ranked by bm25()
 * (negative: lower is better, hence negated).
 */
export const sqliteFts5: FullTextDialect = {
  statement: (terms, filter, k) => ({
    sql:
      `SELECT ${COLUMNS}, -bm25(knowledge_chunks_fts) AS score FROM knowledge_chunks_fts ` +
      `JOIN knowledge_chunks c ON c.rowid = knowledge_chunks_fts.rowid ` +
      `WHERE knowledge_chunks_fts MATCH ?${filter.sql} ORDER BY score DESC, c.document_id, c.chunk_index LIMIT ?`,
    parameters: [terms.map((term) => `"${term}"`).join(' OR '), ...filter.parameters, k],
  }),
};

/**
 * MySQL/MariaDB: the FULLTEXT index on `search_terms`, in boolean mode with bare terms (any
 * term matches, each adds to the relevance). The terms are encoded, so no operator can reach it.
 */
export const mysqlFulltext: FullTextDialect = {
  statement: (terms, filter, k) => {
    const against = terms.join(' ');
    return {
      sql:
        `SELECT ${COLUMNS}, MATCH (c.search_terms) AGAINST (? IN BOOLEAN MODE) AS score FROM knowledge_chunks c ` +
        `WHERE MATCH (c.search_terms) AGAINST (? IN BOOLEAN MODE)${filter.sql} ORDER BY score DESC, c.document_id, c.chunk_index LIMIT ?`,
      parameters: [against, against, ...filter.parameters, k],
    };
  },
};
