import { ContainerModule } from 'inversify';
import { EMBEDDING_PROVIDER, EmbeddingProvider } from '../../core/ports/embedding-provider.port';
import { AppConfig, EmbeddingProviderKind } from '../config/app-config';
import { ConfigError } from '../config/config-error';
import { HashingEmbeddingProvider } from './hashing/hashing-embedding-provider';
import { LocalEmbeddingProvider } from './local/local-embedding-provider';
import { OPENAI_EMBEDDINGS_DEFAULT_BASE_URL, OpenAiEmbeddingProvider } from './openai/openai-embedding-provider';

/** The model each provider uses when `EMBEDDING_MODEL` is unset. */
export const DEFAULT_EMBEDDING_MODELS: Readonly<Record<Exclude<EmbeddingProviderKind, 'hashing'>, string>> = {
  openai: 'text-embedding-3-small',
  local: 'nomic-embed-text',
};

export function createEmbeddingProvider(config: AppConfig): EmbeddingProvider {
  const { provider, model, dimensions } = config.embeddings;
  const timeoutMs = config.llm.timeoutMs;
  switch (provider) {
    case 'hashing':
      return new HashingEmbeddingProvider(dimensions);
    case 'openai': {
      const apiKey = config.llm.openai.apiKey;
      if (!apiKey) throw new ConfigError(['OPENAI_API_KEY: required when EMBEDDING_PROVIDER=openai']);
      const baseUrl = config.llm.openai.baseUrl ?? OPENAI_EMBEDDINGS_DEFAULT_BASE_URL;
      const chosen = model ?? DEFAULT_EMBEDDING_MODELS.openai;
      // Only the text-embedding-3 family can shorten its vectors; others are checked instead.
      const requestDimensions = chosen.startsWith('text-embedding-3');
      return new OpenAiEmbeddingProvider({ apiKey, baseUrl, timeoutMs, dimensions, model: chosen, requestDimensions });
    }
    case 'local':
      return new LocalEmbeddingProvider({
        baseUrl: config.llm.localBaseUrl,
        timeoutMs,
        dimensions,
        model: model ?? DEFAULT_EMBEDDING_MODELS.local,
      });
  }
}

/** Binds `EMBEDDING_PROVIDER` to the provider `EMBEDDING_PROVIDER` names. */
export function embeddingsModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(EMBEDDING_PROVIDER).toConstantValue(createEmbeddingProvider(config));
  });
}
