import { token } from '../../shared/token';
import { ChunkingOptions, DEFAULT_CHUNKING } from './text-chunker';

export interface KnowledgeSettings {
  chunking: ChunkingOptions;
  /** Texts sent to the embedding provider per request. */
  embedBatchSize: number;
  /** Longest document text accepted, in characters. */
  maxDocumentChars: number;
  /** Largest uploaded file accepted for text extraction, in bytes. */
  maxUploadBytes: number;
  defaultTopK: number;
  maxTopK: number;
  /** Passages a RAG prompt quotes at most, and the characters kept of each. */
  ragSourceChars: number;
  /** Passages whose relevance (see KnowledgeSearcher) is below this are not given to RAG's model. */
  ragMinScore: number;
  /** Deliveries of an ingestion job before a failing provider marks the document failed. */
  ingestAttempts: number;
  /** Bounds of a base's own chunking settings. */
  chunkSizeRange: { min: number; max: number };
}

export const DEFAULT_KNOWLEDGE_SETTINGS: KnowledgeSettings = {
  chunking: DEFAULT_CHUNKING,
  embedBatchSize: 64,
  maxDocumentChars: 2_000_000,
  maxUploadBytes: 10 * 1024 * 1024,
  defaultTopK: 5,
  maxTopK: 50,
  ragSourceChars: 1500,
  ragMinScore: 0.3,
  ingestAttempts: 3,
  chunkSizeRange: { min: 100, max: 8000 },
};

export const KNOWLEDGE_SETTINGS = token<KnowledgeSettings>('KnowledgeSettings');
