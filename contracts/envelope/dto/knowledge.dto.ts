export interface UploadResponse {
  document_id: number;
  /** The uploaded file's name, without any client path. */
  filename: string;
  /** Passages the document was cut into (final). */
  chunks: number;
  /** `ready` once searchable. */
  status: string;
}

export interface KnowledgeSearchRequest {
  /** 1 to 10,000 characters. */
  query: string;
  /** @isInt */
  agent_id: number;
  /**
   * Passages returned, 1–50 (default 5).
   * @isInt
   */
  top_k?: number;
}

export interface KnowledgeSearchItem {
  document_id: number;
  filename: string;
  chunk_index: number;
  content: string;
  /** Higher is more relevant (0–1); items come best first. */
  score: number;
}

export interface KnowledgeSearchResponse {
  items: KnowledgeSearchItem[];
}
