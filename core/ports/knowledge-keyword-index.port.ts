import { token } from '../shared/token';

export interface KnowledgeKeywordQuery {
  /** Free text; it goes through `searchTerms`, so no engine syntax in it is ever interpreted. */
  query: string;
  /** At most this many hits. */
  k: number;
  /** Only chunks of these bases; undefined searches every base, an empty list finds nothing. */
  knowledgeBaseIds?: string[];
  /** Only chunks of these documents; undefined means any, an empty list finds nothing. */
  documentIds?: string[];
}

export interface KnowledgeKeywordHit {
  documentId: string;
  knowledgeBaseId: string;
  chunkIndex: number;
  content: string;
  /** The engine's own relevance (BM25, InnoDB's TF-IDF, Lucene's score): higher is better, comparable within one search only. */
  score: number;
}

/**
 * Full-text search over the stored knowledge chunks, any query term matching (OR), best first.
 * Engines index the chunks where they are written and drop them with their document or base,
 * so the port has no write side.
 */
export interface KnowledgeKeywordIndex {
  search(query: KnowledgeKeywordQuery): Promise<KnowledgeKeywordHit[]>;
}

export const KNOWLEDGE_KEYWORD_INDEX = token<KnowledgeKeywordIndex>('KnowledgeKeywordIndex');
