import { LocalEmbeddingProvider } from '../../../adapters/embeddings/local/local-embedding-provider';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { describeEmbeddingProviderContract } from '../ports/embedding-provider.contract';

const server = new FakeOpenAiServer();
beforeAll(() => server.start());
afterAll(() => server.stop());

describeEmbeddingProviderContract('LocalEmbeddingProvider (real SDK, fake OpenAI-compatible server)', () => {
  server.reset();
  return new LocalEmbeddingProvider({ baseUrl: server.baseUrl, timeoutMs: 5_000, model: 'nomic-embed-text', dimensions: server.defaultEmbeddingDimensions });
});

describe('LocalEmbeddingProvider on the wire', () => {
  it('does not ask a local model for a vector size, and names itself local', async () => {
    const provider = new LocalEmbeddingProvider({ baseUrl: server.baseUrl, timeoutMs: 5_000, model: 'nomic-embed-text', dimensions: 8 });
    server.reset();
    await provider.embed(['x']);
    expect(provider.name).toBe('local');
    expect(server.requests[0].body.dimensions).toBeUndefined();
  });
});
