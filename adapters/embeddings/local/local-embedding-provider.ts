import { OpenAiEmbeddingProvider } from '../openai/openai-embedding-provider';

export interface LocalEmbeddingSettings {
  baseUrl: string;
  timeoutMs: number;
  model: string;
  dimensions: number;
  batchSize?: number;
}

// Local OpenAI-compatible servers ignore the key, but the SDK requires one.
const PLACEHOLDER_API_KEY = 'local-no-key';

/**
 * Embeddings from an OpenAI-compatible server at `LOCAL_LLM_BASE_URL`. Local models have a
 * fixed size, so `dimensions` is checked against what they return rather than requested.
 */
export class LocalEmbeddingProvider extends OpenAiEmbeddingProvider {
  constructor(settings: LocalEmbeddingSettings) {
    super({ ...settings, apiKey: PLACEHOLDER_API_KEY, requestDimensions: false }, 'local');
  }
}
