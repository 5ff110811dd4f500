import { OpenAiEmbeddingProvider } from '../../../adapters/embeddings/openai/openai-embedding-provider';
import { LlmRateLimitError, LlmUpstreamError } from '../../../core/domain/llm/llm.errors';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { describeEmbeddingProviderContract } from '../ports/embedding-provider.contract';

const server = new FakeOpenAiServer();
const make = (batchSize = 2) =>
  new OpenAiEmbeddingProvider({
    apiKey: 'sk-test-embeddings-secret',
    baseUrl: server.baseUrl,
    timeoutMs: 5_000,
    model: 'text-embedding-3-small',
    dimensions: 16,
    batchSize,
    requestDimensions: true,
  });

beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

describeEmbeddingProviderContract('OpenAiEmbeddingProvider (real SDK, fake server)', () => make());

describe('OpenAiEmbeddingProvider on the wire', () => {
  it('sends batches of batchSize with model, dimensions and float encoding', async () => {
    await make(2).embed(['a', 'b', 'c', 'd', 'e']);
    const bodies = server.requestsTo('/v1/embeddings').map((r) => r.body);
    expect(bodies.map((b) => b.input)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    expect(bodies[0]).toEqual({ model: 'text-embedding-3-small', input: ['a', 'b'], encoding_format: 'float', dimensions: 16 });
  });

  it('sends an empty text as a space, which the endpoint accepts', async () => {
    const [vector] = await make().embed(['']);
    expect(vector).toHaveLength(16);
    expect(server.requests[0].body.input).toEqual([' ']);
  });

  it('maps a 429 to a rate-limit error without the key in its message', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '1' } });
    const error = (await make()
      .embed(['x'])
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(LlmRateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 1000 });
    expect(error.message).not.toContain('sk-test');
  });

  it('maps a 500 to a retryable upstream error', async () => {
    server.enqueue({ status: 500 });
    await expect(make().embed(['x'])).rejects.toMatchObject({ code: 'llm.upstream_error', retryable: true, status: 500 });
  });

  it('refuses vectors of another size than configured', async () => {
    const provider = new OpenAiEmbeddingProvider({ apiKey: 'k', baseUrl: server.baseUrl, timeoutMs: 5_000, model: 'm', dimensions: 32 });
    const error = (await provider.embed(['x']).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(LlmUpstreamError);
    expect(error.message).toContain('EMBEDDING_DIMENSIONS is 32');
  });
});
