/** What to search: every base the actor may read, or one of them. */
export interface KnowledgeSearchRequest {
  query: string;
  knowledgeBaseId?: string;
  /** How many passages to return; default and maximum in KnowledgeSettings. */
  topK?: number;
  /** Drop passages whose cosine similarity is below this (0–1). */
  minScore?: number;
}

/** One passage that matched, best first. */
export interface KnowledgeSearchHit {
  documentId: string;
  knowledgeBaseId: string;
  /** The document's title (its file name for uploads). */
  title: string;
  chunkIndex: number;
  content: string;
  /** Cosine similarity, higher is closer. */
  score: number;
}
