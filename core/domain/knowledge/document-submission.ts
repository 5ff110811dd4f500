import { DocumentMetadata } from './knowledge-document.entity';

/** What a user hands the API to add a document: text, an uploaded file, or a URL to fetch. */
export type DocumentSubmission =
  | { kind: 'text'; title: string; content: string; contentType?: string; metadata?: DocumentMetadata }
  | { kind: 'file'; bytes: Uint8Array; filename: string; declaredType?: string; title?: string; metadata?: DocumentMetadata }
  | { kind: 'url'; url: string; title?: string; metadata?: DocumentMetadata };

/** The job that ingests one submitted document. */
export const KNOWLEDGE_INGEST_JOB = 'knowledge.ingest';

export interface KnowledgeIngestPayload {
  documentId: string;
}
