import { KnowledgeDocumentStatus } from './knowledge-document-status';

export type DocumentMetadataValue = string | number | boolean;
/** Flat, small, caller-supplied labels (source URL, author, …); stored, never interpreted. */
export type DocumentMetadata = Record<string, DocumentMetadataValue>;

/** Where a document's text comes from: JSON text, an uploaded file, or a URL fetched by the job. */
export const DOCUMENT_SOURCE_KINDS = ['text', 'file', 'url'] as const;
export type DocumentSourceKind = (typeof DOCUMENT_SOURCE_KINDS)[number];

/** One text added to a knowledge base, stored as its chunks (see KnowledgeChunk). */
export interface KnowledgeDocument {
  /** UUID. */
  id: string;
  knowledgeBaseId: string;
  /** Who added it. */
  ownerId: string;
  /** The file name or title it was added under. */
  title: string;
  /** `text/plain` or `text/markdown`: the type of the text extracted from the source. */
  contentType: string;
  /** Length of the text, in characters. */
  charCount: number;
  chunkCount: number;
  status: KnowledgeDocumentStatus;
  sourceKind: DocumentSourceKind;
  /** The URL or file name the text came from; '' for text. */
  sourceRef: string;
  /** Why ingestion failed, for the user; '' unless `failed`. */
  failureReason: string;
  metadata: DocumentMetadata;
  createdAt: Date;
  updatedAt: Date;
}
