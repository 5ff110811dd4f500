import { chunkVectorId, KnowledgeChunk } from '../../domain/knowledge/knowledge-chunk';
import { VectorRecord } from '../../ports/vector-store.port';

/**
 * The VectorStore collection of the bases indexed before bases recorded their embedding model
 * (`LEGACY_EMBEDDING_MODEL`); every other model has its own, named after it, since the vectors of
 * one collection must all have the same dimensions. Bases are told apart by metadata.
 */
export const KNOWLEDGE_COLLECTION = 'knowledge';

/** The embedding model of a base that held documents before models were recorded: assumed to be the server's. */
export const LEGACY_EMBEDDING_MODEL = 'legacy';

/** The collection holding the vectors of the bases indexed with `embeddingModel`. */
export function knowledgeCollection(embeddingModel: string): string {
  return embeddingModel === LEGACY_EMBEDDING_MODEL ? KNOWLEDGE_COLLECTION : `${KNOWLEDGE_COLLECTION}-${embeddingModel}`;
}

/** Metadata keys of a chunk's vector: what searches and deletes filter on. */
export const KNOWLEDGE_VECTOR_KEYS = {
  knowledgeBase: 'knowledge_base_id',
  document: 'document_id',
  chunkIndex: 'chunk_index',
  owner: 'owner_id',
} as const;

export function chunkVectorRecord(chunk: KnowledgeChunk, ownerId: string, vector: number[]): VectorRecord {
  return {
    id: chunkVectorId(chunk.documentId, chunk.index),
    vector,
    content: chunk.content,
    metadata: {
      [KNOWLEDGE_VECTOR_KEYS.knowledgeBase]: chunk.knowledgeBaseId,
      [KNOWLEDGE_VECTOR_KEYS.document]: chunk.documentId,
      [KNOWLEDGE_VECTOR_KEYS.chunkIndex]: chunk.index,
      [KNOWLEDGE_VECTOR_KEYS.owner]: ownerId,
    },
  };
}
