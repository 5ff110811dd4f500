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
}

export const DEFAULT_KNOWLEDGE_SETTINGS: KnowledgeSettings = {
  chunking: DEFAULT_CHUNKING,
  embedBatchSize: 64,
  maxDocumentChars: 2_000_000,
  maxUploadBytes: 10 * 1024 * 1024,
  defaultTopK: 5,
  maxTopK: 50,
  ragSourceChars: 1500,
};

export const KNOWLEDGE_SETTINGS = token<KnowledgeSettings>('KnowledgeSettings');
