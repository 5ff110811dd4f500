import { KnowledgeDocumentStatus } from './knowledge-document-status';

export type DocumentMetadataValue = string | number | boolean;
/** Flat, small, caller-supplied labels (source URL, author, …); stored, never interpreted. */
export type DocumentMetadata = Record<string, DocumentMetadataValue>;

/** One text added to a knowledge base, stored as its chunks (see KnowledgeChunk). */
export interface KnowledgeDocument {
  /** UUID. */
  id: string;
  knowledgeBaseId: string;
  /** Who added it. */
  ownerId: string;
  /** The file name or title it was added under. */
  title: string;
  /** `text/plain` or `text/markdown`: the text was extracted before it got here. */
  contentType: string;
  /** Length of the text, in characters. */
  charCount: number;
  chunkCount: number;
  status: KnowledgeDocumentStatus;
  metadata: DocumentMetadata;
  createdAt: Date;
  updatedAt: Date;
}
