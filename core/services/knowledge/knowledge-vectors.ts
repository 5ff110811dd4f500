import { chunkVectorId, KnowledgeChunk } from '../../domain/knowledge/knowledge-chunk';
import { VectorRecord } from '../../ports/vector-store.port';

/** The VectorStore collection holding every knowledge chunk; bases are told apart by metadata. */
export const KNOWLEDGE_COLLECTION = 'knowledge';

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
