import { token } from '../shared/token';

/**
 * The bytes of a submitted document (an uploaded file, or text sent as JSON) kept in storage
 * until its ingestion job has read them, so any worker process can run the job.
 */
export interface KnowledgeSourceStore {
  /** Joins the caller's unit of work, so the document and its source are stored together. */
  save(documentId: string, bytes: Uint8Array): Promise<void>;
  /** Null when there is none (already ingested, or the document is gone). */
  load(documentId: string): Promise<Uint8Array | null>;
  remove(documentId: string): Promise<void>;
}

export const KNOWLEDGE_SOURCE_STORE = token<KnowledgeSourceStore>('KnowledgeSourceStore');
