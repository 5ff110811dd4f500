import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../core/domain/llm/llm.errors';
import { LocalLlmProvider } from '../../../adapters/llm/local/local-llm-provider';
import { OpenAiLlmProvider } from '../../../adapters/llm/openai/openai-llm-provider';
import { ChatRequest } from '../../../core/ports/llm-provider.port';
import { collectEvents } from '../../fixtures/llm/collect-events';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';

const API_KEY = 'sk-test-very-secret-key-0123456789';
const server = new FakeOpenAiServer();
const make = (timeoutMs = 5_000) => new OpenAiLlmProvider({ apiKey: API_KEY, baseUrl: server.baseUrl, timeoutMs, model: 'gpt-4o-mini' });
const hello: ChatRequest = { messages: [{ role: 'user', content: 'hello' }] };

beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

describe('OpenAiLlmProvider on the wire', () => {
  it('sends messages, tool calls, tool results, tools and options in the OpenAI format', async () => {
    await make().chat({
      messages: [
        { role: 'system', content: 'Be brief. Answer in JSON.' },
        { role: 'user', content: 'add 2 and 3' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_9', name: 'add', arguments: '{"a":2,"b":3}' }] },
        { role: 'tool', content: '5', toolCallId: 'call_9', name: 'add' },
      ],
      tools: [{ name: 'add', description: 'Adds', parameters: { type: 'object', properties: { a: { type: 'number' } } } }],
      responseFormat: 'json',
      temperature: 0.2,
      maxTokens: 50,
    });
    const [request] = server.requestsTo('/v1/chat/completions');
    expect(request.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request.body).toEqual({
      model: 'gpt-4o-mini',
      messages: [
        { role: 'system', content: 'Be brief. Answer in JSON.' },
        { role: 'user', content: 'add 2 and 3' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_9', type: 'function', function: { name: 'add', arguments: '{"a":2,"b":3}' } }] },
        { role: 'tool', tool_call_id: 'call_9', content: '5' },
      ],
      tools: [{ type: 'function', function: { name: 'add', description: 'Adds', parameters: { type: 'object', properties: { a: { type: 'number' } } } } }],
      temperature: 0.2,
      max_completion_tokens: 50,
      response_format: { type: 'json_object' },
      stream: false,
    });
  });

  it('adds a JSON instruction when JSON is wanted and no message mentions it', async () => {
    const response = await make().chat({ ...hello, responseFormat: 'json' });
    expect(JSON.parse(response.content)).toEqual({ echo: 'hello' });
    expect(server.requests[0].body.messages[0]).toEqual({ role: 'system', content: 'Answer with one JSON object.' });
  });

  it('asks for usage in streams and overrides the model per request', async () => {
    await collectEvents(make().stream({ ...hello, model: 'gpt-4.1' }));
    expect(server.requests[0].body).toMatchObject({ model: 'gpt-4.1', stream: true, stream_options: { include_usage: true } });
  });

  it('assembles streamed tool-call argument fragments into one complete call', async () => {
    const args = JSON.stringify({ expression: '1 + 2 + 3 + 4 + 5 + 6 + 7' });
    server.enqueue({ reply: { content: '', toolCalls: [{ id: 'call_x', name: 'calculator', arguments: args }], finish: 'tool_calls' } });
    const events = await collectEvents(make().stream(hello));
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([{ type: 'tool_call', toolCall: { id: 'call_x', name: 'calculator', arguments: args } }]);
  });

  it('local provider sends max_tokens (what compatible servers know) and its own name', async () => {
    const local = new LocalLlmProvider({ baseUrl: server.baseUrl, timeoutMs: 5_000, model: 'llama3.1' });
    await local.chat({ ...hello, maxTokens: 20 });
    expect(local.name).toBe('local');
    expect(server.requests[0].body).toMatchObject({ model: 'llama3.1', max_tokens: 20 });
    expect(server.requests[0].body.max_completion_tokens).toBeUndefined();
  });
});

describe('OpenAiLlmProvider error mapping', () => {
  it('maps 429 to a rate-limit error that carries retry-after', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '2' } });
    const error = await make()
      .chat(hello)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmRateLimitError);
    expect(error).toMatchObject({ code: 'llm.upstream_rate_limited', retryable: true, retryAfterMs: 2000 });
  });

  it.each([
    [500, true],
    [503, true],
    [400, false],
    [404, false],
  ])('maps HTTP %i to an upstream error, retryable %s', async (status, retryable) => {
    server.enqueue({ status });
    const error = await make()
      .chat(hello)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmUpstreamError);
    expect(error).toMatchObject({ code: 'llm.upstream_error', retryable, status });
  });

  it('maps 408 to a timeout', async () => {
    server.enqueue({ status: 408 });
    await expect(make().chat(hello)).rejects.toBeInstanceOf(LlmTimeoutError);
  });

  it('never puts the API key or the upstream body in the message', async () => {
    const body = { error: { message: `Incorrect API key provided: ${API_KEY}. Secret detail.`, type: 'invalid_request_error', code: 'invalid_api_key' } };
    server.enqueue({ status: 401, body });
    const error = (await make()
      .chat(hello)
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(LlmUpstreamError);
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).not.toContain('Secret detail');
    expect(error.message).toContain('401');
  });

  it('maps a call that outlives the timeout to a timeout error', async () => {
    server.enqueue({ hang: true });
    await expect(make(300).chat(hello)).rejects.toBeInstanceOf(LlmTimeoutError);
  });

  it('maps a dropped connection to a retryable upstream error', async () => {
    server.enqueue({ drop: true });
    await expect(make().chat(hello)).rejects.toMatchObject({ code: 'llm.upstream_error', retryable: true });
  });

  it('maps a stream broken after its first tokens to an upstream error', async () => {
    server.enqueue({ reply: { content: 'one two three four five six' }, dropAfterEvents: 3 });
    const seen: string[] = [];
    const failure = (async () => {
      for await (const event of make().stream(hello)) seen.push(event.type);
    })();
    await expect(failure).rejects.toBeInstanceOf(LlmUpstreamError);
    expect(seen).toContain('token');
    expect(seen).not.toContain('done');
  });

  it('maps a cancelled call to a non-retryable error', async () => {
    server.enqueue({ hang: true });
    const controller = new AbortController();
    const call = make().chat({ ...hello, signal: controller.signal });
    setImmediate(() => controller.abort());
    await expect(call).rejects.toMatchObject({ code: 'llm.upstream_error', retryable: false });
  });
});
