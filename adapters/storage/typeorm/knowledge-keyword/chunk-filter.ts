import { KnowledgeKeywordQuery } from '../../../../core/ports/knowledge-keyword-index.port';

export interface SqlFragment {
  sql: string;
  parameters: string[];
}

/** ` AND …` restricting `knowledge_chunks` aliased `c` to the query's bases and documents, if any. */
export function chunkFilter({ knowledgeBaseIds, documentIds }: KnowledgeKeywordQuery): SqlFragment {
  const clauses: string[] = [];
  const parameters: string[] = [];
  for (const [column, ids] of [
    ['c.knowledge_base_id', knowledgeBaseIds],
    ['c.document_id', documentIds],
  ] as const) {
    if (ids === undefined) continue;
    clauses.push(` AND ${column} IN (${ids.map(() => '?').join(', ')})`);
    parameters.push(...ids);
  }
  return { sql: clauses.join(''), parameters };
}

/** An empty id list matches nothing, and `IN ()` is not SQL. */
export function filtersOutEverything({ knowledgeBaseIds, documentIds }: KnowledgeKeywordQuery): boolean {
  return knowledgeBaseIds?.length === 0 || documentIds?.length === 0;
}
