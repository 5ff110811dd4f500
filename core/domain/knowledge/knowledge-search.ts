import { DocumentMetadata } from './knowledge-document.entity';

/** How passages are found: by meaning (vectors), by exact terms (the full-text index), or both fused. */
export const SEARCH_MODES = ['hybrid', 'vector', 'keyword'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

/** What to search: every base the actor may read, or one of them. */
export interface KnowledgeSearchRequest {
  query: string;
  knowledgeBaseId?: string;
  /** How many passages to return; default and maximum in KnowledgeSettings. */
  topK?: number;
  /** Drop passages whose `relevance` is below this (0–1). */
  minScore?: number;
  /** Default `hybrid`. */
  mode?: SearchMode;
  /** Only passages of documents whose metadata has all these values. */
  filter?: DocumentMetadata;
}

/** One passage that matched, best first. */
export interface KnowledgeSearchHit {
  /** `<document id>:<chunk index>`. */
  chunkId: string;
  documentId: string;
  knowledgeBaseId: string;
  /** The document's title (its file name for uploads). */
  title: string;
  chunkIndex: number;
  content: string;
  /** Where the passage lies in the document's extracted text, `[start, end)`. */
  start: number;
  end: number;
  /**
   * What the results are ordered by: the cosine similarity in `vector` mode, the share of the
   * query's terms the passage holds in `keyword` mode, the reciprocal-rank fusion of both lists
   * scaled to 0–1 in `hybrid` mode.
   */
  score: number;
  /**
   * 0–1, comparable across modes, what `minScore` filters on: the higher of the cosine similarity
   * (when vector search found the passage) and the share of the query's terms it holds.
   */
  relevance: number;
  /** Cosine similarity, when vector search found the passage. */
  vectorScore: number | null;
  /** 1-based rank in the keyword results, when keyword search found the passage. */
  keywordRank: number | null;
}
