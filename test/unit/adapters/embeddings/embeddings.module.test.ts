import { Container } from 'inversify';
import { ConfigError } from '../../../../adapters/config/config-error';
import { createEmbeddingProvider, embeddingsModule } from '../../../../adapters/embeddings/embeddings.module';
import { HashingEmbeddingProvider } from '../../../../adapters/embeddings/hashing/hashing-embedding-provider';
import { EMBEDDING_PROVIDER, EmbeddingProvider } from '../../../../core/ports/embedding-provider.port';
import { appConfigWith } from '../../../fixtures/llm/app-config.mother';

describe('embeddingsModule', () => {
  it('binds the hashing provider with the configured dimensions by default', async () => {
    const container = new Container();
    container.loadSync(embeddingsModule(appConfigWith({}, { dimensions: 128 })));
    const provider = container.get<EmbeddingProvider>(EMBEDDING_PROVIDER);
    expect(provider).toBeInstanceOf(HashingEmbeddingProvider);
    expect(provider.dimensions).toBe(128);
    expect((await provider.embed(['x']))[0]).toHaveLength(128);
  });

  it('builds the openai and local providers when configured', () => {
    const openai = createEmbeddingProvider(appConfigWith({ openai: { apiKey: 'sk-x' } }, { provider: 'openai' }));
    expect(openai.name).toBe('openai');
    expect(createEmbeddingProvider(appConfigWith({}, { provider: 'local' })).name).toBe('local');
  });

  it('refuses the openai provider without a key', () => {
    expect(() => createEmbeddingProvider(appConfigWith({}, { provider: 'openai' }))).toThrow(ConfigError);
  });
});
