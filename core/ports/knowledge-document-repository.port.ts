import { KnowledgeChunk } from '../domain/knowledge/knowledge-chunk';
import { DocumentMetadata, KnowledgeDocument } from '../domain/knowledge/knowledge-document.entity';
import { KnowledgeDocumentStatus } from '../domain/knowledge/knowledge-document-status';
import { Page, PageRequest } from '../shared/pagination';
import { token } from '../shared/token';

/**
 * Documents and their chunk texts. The chunks are the durable source of the vector index:
 * the index can always be rebuilt from them.
 */
export interface KnowledgeDocumentRepository {
  /** Stores the document and all its chunks atomically (joining the caller's unit of work). */
  create(document: KnowledgeDocument, chunks: KnowledgeChunk[]): Promise<void>;
  findById(id: string): Promise<KnowledgeDocument | null>;
  /** The documents of those ids that exist, in no particular order. */
  findByIds(ids: string[]): Promise<KnowledgeDocument[]>;
  /** One base's documents, newest first (then by id). */
  listByKnowledgeBase(knowledgeBaseId: string, page: PageRequest): Promise<Page<KnowledgeDocument>>;
  /** Documents per base; a base without any maps to 0. */
  countByKnowledgeBases(knowledgeBaseIds: string[]): Promise<Map<string, number>>;
  /** False when the document is gone. */
  setStatus(id: string, status: KnowledgeDocumentStatus, updatedAt: Date): Promise<boolean>;
  /** Writes every mutable field (status, counts, content type, failure reason); false when the document is gone. */
  update(document: KnowledgeDocument): Promise<boolean>;
  /** Replaces the document's chunks with these, atomically (joining the caller's unit of work). */
  replaceChunks(documentId: string, chunks: KnowledgeChunk[]): Promise<void>;
  /** The chunks at those positions that exist, in no particular order. */
  chunksAt(keys: { documentId: string; index: number }[]): Promise<KnowledgeChunk[]>;
  /** Ids of the `ready` documents of those bases (undefined: every base) whose metadata has all these values. */
  readyIdsWithMetadata(knowledgeBaseIds: string[] | undefined, metadata: DocumentMetadata): Promise<string[]>;
  /** The document's chunks, by index. */
  chunksOf(documentId: string): Promise<KnowledgeChunk[]>;
  /** Deletes the document and its chunks; false when there was none. */
  delete(id: string): Promise<boolean>;
}

export const KNOWLEDGE_DOCUMENT_REPOSITORY = token<KnowledgeDocumentRepository>('KnowledgeDocumentRepository');
