/** The body of `POST /knowledge-bases`. */
export interface KnowledgeBaseCreateRequest {
  /** 1 to 100 characters. */
  name: string;
  /** At most 2,000 characters. */
  description?: string;
  /** Readable (searchable) by every user; only you and admins change it. Default false. */
  is_public?: boolean;
  /**
   * Passage size in characters, 100–8000 (default 800).
   * @isInt
   */
  chunk_size?: number;
  /**
   * Characters a passage repeats from the one before, 0 to half the chunk size (default 100).
   * @isInt
   */
  chunk_overlap?: number;
  /** Must be the model this server embeds with (the default); see `embedding_model` in the response. */
  embedding_model?: string;
}

export interface KnowledgeBaseResponse {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  is_public: boolean;
  /** The embedding model its vectors are made with (`<provider>:<model>:<dimensions>`). */
  embedding_model: string;
  chunk_size: number;
  chunk_overlap: number;
  document_count: number;
  created_at: string;
  updated_at: string;
}

export interface KnowledgeBasePageResponse {
  items: KnowledgeBaseResponse[];
  total: number;
  page: number;
  page_size: number;
}

export type DocumentMetadataValue = string | number | boolean;

/**
 * The JSON body of `POST /knowledge-bases/{id}/documents`: either `content` (text) or `url`
 * (fetched by the ingestion job through the egress guard). Uploading a file is the same route as
 * `multipart/form-data` with the field `file` and, optionally, `title` and `metadata` (JSON text).
 */
export interface KnowledgeDocumentRequest {
  /** 1 to 255 characters; required with `content`, else the file name or the URL. */
  title?: string;
  /** The text itself, at most 2,000,000 characters. */
  content?: string;
  /** `text/plain` (default) or `text/markdown`, with `content`. */
  content_type?: string;
  /** An http(s) URL of a page or file (PDF, DOCX, HTML, Markdown or text, at most 10 MB). */
  url?: string;
  /** At most 20 flat labels, searchable with the search's `filter`. */
  metadata?: { [key: string]: DocumentMetadataValue };
}

export interface KnowledgeDocumentResponse {
  id: string;
  knowledge_base_id: string;
  owner_id: string;
  title: string;
  /** `text`, `file` or `url`. */
  source: string;
  /** The file name or the URL; empty for text. */
  source_ref: string;
  /** The type of the extracted text; the declared type while `pending`. */
  content_type: string;
  /** `pending` → `processing` → `ready`, or `failed` (see `error`). */
  status: string;
  /** Why ingestion failed; null unless `failed`. */
  error: string | null;
  char_count: number;
  chunk_count: number;
  metadata: { [key: string]: DocumentMetadataValue };
  created_at: string;
  updated_at: string;
}

export interface KnowledgeDocumentPageResponse {
  items: KnowledgeDocumentResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** The body of `POST /knowledge-bases/{id}/search`. */
export interface KnowledgeSearchRequest {
  /** 1 to 10,000 characters. */
  query: string;
  /**
   * Passages returned, 1–50 (default 5).
   * @isInt
   */
  top_k?: number;
  /** `hybrid` (default: vector and keyword results fused by reciprocal rank), `vector` or `keyword`. */
  mode?: 'hybrid' | 'vector' | 'keyword';
  /** Drop passages whose `relevance` is below this (-1 to 1). */
  min_score?: number;
  /** Only documents whose metadata has all these values. */
  filter?: { [key: string]: DocumentMetadataValue };
}

export interface KnowledgeSearchItem {
  /** `<document_id>:<chunk_index>`. */
  chunk_id: string;
  document_id: string;
  /** The document's title (its file name for uploads). */
  document_name: string;
  chunk_index: number;
  content: string;
  /** Where the passage lies in the document's extracted text, in characters: `[start_offset, end_offset)`. */
  start_offset: number;
  end_offset: number;
  /** What the list is ordered by (mode-dependent, 0–1). */
  score: number;
  /** 0–1 across modes: the higher of the cosine similarity and the share of the query's terms in the passage. */
  relevance: number;
  /** Cosine similarity, when vector search found the passage. */
  vector_score: number | null;
  /** Rank in the keyword results, when keyword search found the passage. */
  keyword_rank: number | null;
}

export interface KnowledgeSearchResponse {
  query: string;
  mode: string;
  items: KnowledgeSearchItem[];
  total: number;
}

/** The body of `POST /knowledge-bases/{id}/rag`. */
export interface KnowledgeRagRequest {
  /** 1 to 4,000 characters. */
  question: string;
  /**
   * Passages given to the model, 1–50 (default 5).
   * @isInt
   */
  top_k?: number;
  /** `hybrid` (default), `vector` or `keyword`. */
  mode?: 'hybrid' | 'vector' | 'keyword';
  /** Passages below this relevance are not given to the model (default 0.3). */
  min_score?: number;
  filter?: { [key: string]: DocumentMetadataValue };
}

export interface KnowledgeCitation extends KnowledgeSearchItem {
  /** The source's number in the prompt, as the answer cites it (`[n]`). */
  number: number;
}

export interface KnowledgeRagResponse {
  answer: string;
  /** False when no passage passed the threshold: the answer then says it does not know, and no model was asked. */
  grounded: boolean;
  /** The passages the answer cites, in order of first citation. */
  citations: KnowledgeCitation[];
  /** Every passage the model was given. */
  sources: KnowledgeCitation[];
  /** The model that answered; null when none was asked. */
  model: string | null;
  token_usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
