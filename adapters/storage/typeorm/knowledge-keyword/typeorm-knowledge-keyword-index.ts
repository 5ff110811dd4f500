import { KnowledgeKeywordHit, KnowledgeKeywordIndex, KnowledgeKeywordQuery } from '../../../../core/ports/knowledge-keyword-index.port';
import { ManagerProvider } from '../manager-provider';
import { chunkFilter, filtersOutEverything } from './chunk-filter';
import { encodedQueryTerms } from './encoded-terms';
import { FullTextDialect } from './full-text-dialect';

interface HitRow {
  documentId: string;
  knowledgeBaseId: string;
  chunkIndex: number | string;
  content: string;
  score: number | string;
}

/**
 * KnowledgeKeywordIndex on the `knowledge_chunks` table's own full-text index: FTS5 on SQLite,
 * FULLTEXT on MySQL/MariaDB. The repository writes each chunk's `search_terms` with the chunk,
 * and rows go with their chunk (cascade), so the index never outlives a document or base.
 */
export class TypeOrmKnowledgeKeywordIndex implements KnowledgeKeywordIndex {
  constructor(
    private readonly managers: ManagerProvider,
    private readonly dialect: FullTextDialect,
  ) {}

  async search(query: KnowledgeKeywordQuery): Promise<KnowledgeKeywordHit[]> {
    const terms = encodedQueryTerms(query.query);
    const k = Math.floor(query.k);
    if (terms.length === 0 || !(k >= 1) || filtersOutEverything(query)) return [];
    const { sql, parameters } = this.dialect.statement(terms, chunkFilter(query), k);
    const rows = await this.managers.use((manager) => manager.query<HitRow[]>(sql, parameters));
    return rows.map((row) => ({
      documentId: row.documentId,
      knowledgeBaseId: row.knowledgeBaseId,
      chunkIndex: Number(row.chunkIndex),
      content: row.content,
      score: Number(row.score),
    }));
  }
}
