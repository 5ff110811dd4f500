import { AnthropicLlmProvider } from '../../../adapters/llm/anthropic/anthropic-llm-provider';
import { LlmRateLimitError, LlmTimeoutError, LlmUpstreamError } from '../../../core/domain/llm/llm.errors';
import { ChatRequest } from '../../../core/ports/llm-provider.port';
import { collectEvents } from '../../fixtures/llm/collect-events';
import { FakeAnthropicServer } from '../../fixtures/fake-anthropic-server';

const API_KEY = 'sk-ant-test-very-secret-0123456789';
const server = new FakeAnthropicServer();
const make = (timeoutMs = 5_000) => new AnthropicLlmProvider({ apiKey: API_KEY, baseUrl: server.origin, timeoutMs, model: 'claude-3-5-haiku-latest' });
const hello: ChatRequest = { messages: [{ role: 'user', content: 'hello' }] };

beforeAll(() => server.start());
afterAll(() => server.stop());
beforeEach(() => server.reset());

describe('AnthropicLlmProvider on the wire', () => {
  it('When a request names its task, Then the vendor gets the system prompt and messages, and no task', async () => {
    await make().chat({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
      ],
      task: 'rag-answer',
    });
    const [request] = server.requestsTo('/v1/messages');
    expect(request.body).toMatchObject({ system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });
    expect(JSON.stringify(request.body)).not.toContain('rag-answer');
  });

  it('splits out the system prompt and sends tool_use and merged tool_result blocks', async () => {
    await make().chat({
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'add 2 and 3, and 4 and 5' },
        {
          role: 'assistant',
          content: 'Adding.',
          toolCalls: [
            { id: 'toolu_1', name: 'add', arguments: '{"a":2,"b":3}' },
            { id: 'toolu_2', name: 'add', arguments: '{"a":4,"b":5}' },
          ],
        },
        { role: 'tool', content: '5', toolCallId: 'toolu_1', name: 'add' },
        { role: 'tool', content: '9', toolCallId: 'toolu_2', name: 'add' },
      ],
      tools: [{ name: 'add', description: 'Adds', parameters: { type: 'object', properties: { a: { type: 'number' } } } }],
      temperature: 0.1,
    });
    const [request] = server.requestsTo('/v1/messages');
    expect(request.headers['x-api-key']).toBe(API_KEY);
    expect(request.body).toEqual({
      model: 'claude-3-5-haiku-latest',
      max_tokens: 4096,
      system: 'Be brief.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'add 2 and 3, and 4 and 5' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Adding.' },
            { type: 'tool_use', id: 'toolu_1', name: 'add', input: { a: 2, b: 3 } },
            { type: 'tool_use', id: 'toolu_2', name: 'add', input: { a: 4, b: 5 } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '5' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: '9' },
          ],
        },
      ],
      tools: [{ name: 'add', description: 'Adds', input_schema: { type: 'object', properties: { a: { type: 'number' } } } }],
      temperature: 0.1,
      stream: false,
    });
  });

  it('asks for JSON in the system prompt and cuts the object out of a fenced answer', async () => {
    const response = await make().chat({ ...hello, responseFormat: 'json', maxTokens: 200 });
    expect(server.requests[0].body.system).toMatch(/JSON object/);
    expect(server.requests[0].body.max_tokens).toBe(200);
    expect(JSON.parse(response.content)).toEqual({ echo: 'hello' });
  });

  it('assembles input_json_delta fragments into one complete tool call', async () => {
    const args = JSON.stringify({ expression: '1 + 2 + 3 + 4 + 5 + 6 + 7' });
    server.enqueue({ reply: { content: 'Let me compute.', toolCalls: [{ id: 'toolu_x', name: 'calculator', arguments: args }] } });
    const events = await collectEvents(make().stream(hello));
    expect(events.filter((e) => e.type === 'tool_call')).toEqual([{ type: 'tool_call', toolCall: { id: 'toolu_x', name: 'calculator', arguments: args } }]);
    expect(events[events.length - 1]).toMatchObject({ type: 'done', finishReason: 'tool_calls' });
  });
});

describe('AnthropicLlmProvider error mapping', () => {
  it('maps 429 to a rate-limit error that carries retry-after', async () => {
    server.enqueue({ status: 429, headers: { 'retry-after': '3' } });
    const error = await make()
      .chat(hello)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LlmRateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 3000 });
  });

  it.each([
    [529, true],
    [500, true],
    [400, false],
  ])('maps HTTP %i to an upstream error, retryable %s', async (status, retryable) => {
    server.enqueue({ status });
    await expect(make().chat(hello)).rejects.toMatchObject({ code: 'llm.upstream_error', retryable, status });
  });

  it('never puts the API key or the upstream body in the message', async () => {
    server.enqueue({ status: 401, body: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${API_KEY}` } } });
    const error = (await make()
      .chat(hello)
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(LlmUpstreamError);
    expect(error.message).not.toContain(API_KEY);
    expect(error.message).not.toContain('invalid x-api-key');
  });

  it('maps a call that outlives the timeout to a timeout error', async () => {
    server.enqueue({ hang: true });
    await expect(make(300).chat(hello)).rejects.toBeInstanceOf(LlmTimeoutError);
  });

  it('maps a stream broken after its first tokens to an upstream error', async () => {
    server.enqueue({ reply: { content: 'one two three four five six' }, dropAfterEvents: 5 });
    const seen: string[] = [];
    const failure = (async () => {
      for await (const event of make().stream(hello)) seen.push(event.type);
    })();
    await expect(failure).rejects.toBeInstanceOf(LlmUpstreamError);
    expect(seen).toContain('token');
    expect(seen).not.toContain('done');
  });
});
