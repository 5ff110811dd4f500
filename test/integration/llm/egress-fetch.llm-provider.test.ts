import { GuardedHttpEgress } from '../../../adapters/http/guarded-http-egress';
import { AnthropicLlmProvider } from '../../../adapters/llm/anthropic/anthropic-llm-provider';
import { egressFetch } from '../../../adapters/llm/egress-fetch';
import { LocalLlmProvider } from '../../../adapters/llm/local/local-llm-provider';
import { OpenAiLlmProvider } from '../../../adapters/llm/openai/openai-llm-provider';
import { LlmUpstreamError } from '../../../core/domain/llm/llm.errors';
import { FakeAnthropicServer } from '../../fixtures/fake-anthropic-server';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { describeLlmProviderContract } from '../ports/llm-provider.contract';
import { startLoopbackServer } from '../../fixtures/http/loopback-server';

const openai = new FakeOpenAiServer();
const anthropic = new FakeAnthropicServer();
beforeAll(() => Promise.all([openai.start(), anthropic.start()]));
afterAll(() => Promise.all([openai.stop(), anthropic.stop()]));

/** The fakes listen on loopback, which the guard lets through only when allow-listed, as an operator would. */
const allowingLoopback = () => egressFetch(new GuardedHttpEgress({ allowHosts: ['127.0.0.1'] }), { timeoutMs: 5_000 });
const guardedOnly = () => egressFetch(new GuardedHttpEgress(), { timeoutMs: 5_000 });
const hello = { messages: [{ role: 'user' as const, content: 'hello' }] };

describeLlmProviderContract('OpenAiLlmProvider through the egress guard (real SDK, fake server)', () => {
  openai.reset();
  return new OpenAiLlmProvider({ apiKey: 'sk-test', baseUrl: openai.baseUrl, timeoutMs: 5_000, model: 'gpt-4o-mini', fetch: allowingLoopback() });
});

describeLlmProviderContract('AnthropicLlmProvider through the egress guard (real SDK, fake server)', () => {
  anthropic.reset();
  return new AnthropicLlmProvider({
    apiKey: 'sk-ant-test',
    baseUrl: anthropic.origin,
    timeoutMs: 5_000,
    model: 'claude-3-5-haiku-latest',
    fetch: allowingLoopback(),
  });
});

describe('A user-supplied base URL that points inside', () => {
  beforeEach(() => {
    openai.reset();
    anthropic.reset();
  });

  it.each([
    ['openai', () => new OpenAiLlmProvider({ apiKey: 'sk-test', baseUrl: openai.baseUrl, timeoutMs: 5_000, model: 'm', fetch: guardedOnly() })],
    ['anthropic', () => new AnthropicLlmProvider({ apiKey: 'k', baseUrl: anthropic.origin, timeoutMs: 5_000, model: 'm', fetch: guardedOnly() })],
    ['local', () => new LocalLlmProvider({ baseUrl: openai.baseUrl, timeoutMs: 5_000, model: 'm', fetch: guardedOnly() })],
  ])('When %s is pointed at loopback without an allow-list entry, Then nothing is sent and the call fails as forbidden_target', async (_name, make) => {
    const failure = await make()
      .chat(hello)
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(LlmUpstreamError);
    expect(failure).toMatchObject({ kind: 'forbidden_target', retryable: false });
    expect(openai.requests).toHaveLength(0);
    expect(anthropic.requests).toHaveLength(0);
  });

  it('When the answer is an upstream error, Then it maps by status as without the guard', async () => {
    openai.enqueue({ status: 401 });
    const provider = new OpenAiLlmProvider({ apiKey: 'sk-bad', baseUrl: openai.baseUrl, timeoutMs: 5_000, model: 'm', fetch: allowingLoopback() });
    await expect(provider.chat(hello)).rejects.toMatchObject({ status: 401, kind: 'http' });
    expect(openai.requests[0].headers.authorization).toBe('Bearer sk-bad');
  });

  it('When the SDK’s own time-out passes, Then the call fails as a time-out', async () => {
    openai.enqueue({ hang: true });
    const provider = new OpenAiLlmProvider({ apiKey: 'sk-test', baseUrl: openai.baseUrl, timeoutMs: 300, model: 'm', fetch: allowingLoopback() });
    await expect(provider.chat(hello)).rejects.toMatchObject({ code: 'llm.upstream_timeout' });
  });

  it('When the server goes quiet in the middle of a streamed answer, Then the stream is cut off as a time-out', async () => {
    const stalling = await startLoopbackServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = {
        id: 'c',
        object: 'chat.completion.chunk',
        created: 1,
        model: 'm',
        choices: [{ index: 0, delta: { content: 'Hel' }, finish_reason: null }],
      };
      res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    });
    try {
      const fetch = egressFetch(new GuardedHttpEgress({ allowHosts: ['127.0.0.1'] }), { timeoutMs: 300 });
      const provider = new OpenAiLlmProvider({ apiKey: 'k', baseUrl: `${stalling.url}/v1`, timeoutMs: 5_000, model: 'm', fetch });
      const events: string[] = [];
      const read = (async () => {
        for await (const event of provider.stream(hello)) events.push(event.type);
      })();
      await expect(read).rejects.toMatchObject({ code: 'llm.upstream_timeout' });
      expect(events).toEqual(['token']);
    } finally {
      await stalling.close();
    }
  });
});
