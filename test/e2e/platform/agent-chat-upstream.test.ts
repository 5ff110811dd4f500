import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { dataOf, openSse } from '../../support/sse-client';
import { StartedApp, startApp } from '../../support/started-app';
import { eventually, storeAgent } from '../../support/chat-agents';

const CHAT = '/v1/chat/completions';

describe('Agent chat over HTTP, on the OpenAI adapter (fake OpenAI server)', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: upstream.baseUrl,
      LLM_MAX_RETRIES: '0',
      SSE_HEARTBEAT_MS: '50',
      CHAT_RATE_PER_MINUTE: '5',
    });
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  const openAiAgent = (user: PlatformUser) =>
    storeAgent(app, user, { systemPrompt: 'Be brief.', modelConfig: { provider: 'openai', modelName: 'gpt-test', temperature: 0.1 } });

  it('When a session goes on, Then the model is sent the system prompt, the earlier turn and the new message, streamed', async () => {
    const user = await signUp(app.platformUrl);
    const agent = await openAiAgent(user);
    const first = await request<{ session_id: string; reply: string }>('POST', `${app.platformUrl}/api/v1/agent-chat/${agent.id}`, {
      token: user.token,
      body: { message: 'Remember 42' },
    });
    expect(first.body.reply).toBe('Echo: Remember 42');
    await request('POST', `${app.platformUrl}/api/v1/agent-chat/${agent.id}`, {
      token: user.token,
      body: { message: 'What number?', session_id: first.body.session_id },
    });

    const sent = upstream.requestsTo(CHAT)[1].body;
    expect(sent.stream).toBe(true);
    expect(sent.model).toBe('gpt-test');
    expect(sent.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Remember 42' },
      { role: 'assistant', content: 'Echo: Remember 42' },
      { role: 'user', content: 'What number?' },
    ]);
  });

  it('When the client disconnects from a stream, Then the upstream model call is aborted, pings had kept it open, and only the user message is stored', async () => {
    const user = await signUp(app.platformUrl);
    const agent = await openAiAgent(user);
    upstream.enqueue({ hang: true });
    const stream = await openSse(`${app.platformUrl}/api/v1/agent-chat/${agent.id}/stream`, { token: user.token, body: { message: 'Never answered' } });
    expect(stream.status).toBe(200);
    await eventually(() => upstream.requestsTo(CHAT).length === 1);
    await stream.waitFor((_frames, comments) => comments.includes('ping'));
    stream.abort();

    await eventually(() => upstream.abandoned.length === 1);
    expect(stream.frames).toEqual([]);
    const history = async () =>
      (await request<{ items: unknown[] }>('GET', `${app.platformUrl}/api/v1/agents/${agent.id}/preview-chat-history`, { token: user.token })).body.items;
    await eventually(async () => (await history()).length > 0);
    expect(await history()).toEqual([expect.objectContaining({ role: 'user', content: 'Never answered', status: 'complete' })]);
    const run = await openSse(`${app.platformUrl}/api/v1/agent-chat/streams/${stream.headers.get('x-stream-id')}`, { method: 'GET', token: user.token });
    const frames = await run.finished();
    expect(frames.map((f) => f.event)).toEqual(['error']);
    expect(dataOf(frames[0])).toMatchObject({ type: 'error', error: 'cancelled' });
  });

  it('When the provider fails, Then the chat is a 502 upstream_error naming no provider detail, and the service stays healthy', async () => {
    const user = await signUp(app.platformUrl);
    const agent = await openAiAgent(user);
    upstream.enqueue({ status: 500 });
    const response = await request('POST', `${app.platformUrl}/api/v1/agent-chat/${agent.id}`, { token: user.token, body: { message: 'hi' } });

    expect(response.status).toBe(502);
    expect(response.body).toEqual({ error: 'upstream_error', message: 'The model provider failed to answer' });
    expect(response.text).not.toMatch(/openai|500|fake upstream/i);
    const health = await request<{ status: string }>('GET', `${app.platformUrl}/health`);
    expect(health.status).toBe(200);
    expect(health.body.status).toBe('ok');
  });

  it('When the provider fails during a stream, Then one error frame ends it, naming no provider detail', async () => {
    const user = await signUp(app.platformUrl);
    const agent = await openAiAgent(user);
    upstream.enqueue({ status: 500 });
    const stream = await openSse(`${app.platformUrl}/api/v1/agent-chat/${agent.id}/stream`, { token: user.token, body: { message: 'hi' } });
    const frames = await stream.finished();

    expect(frames.map((f) => f.event)).toEqual(['error']);
    expect(dataOf(frames[0])).toEqual({
      type: 'error',
      error: 'upstream_error',
      message: 'The model provider failed to answer',
      session_id: expect.any(String),
    });
    // The session id is random and may itself contain "500": only the rest of the frame is checked.
    const { session_id: _sessionId, ...rest } = dataOf(frames[0]) as { session_id: string };
    expect(JSON.stringify(rest)).not.toMatch(/openai|500/i);
    expect((await request('GET', `${app.platformUrl}/health`)).status).toBe(200);
  });

  it('When a user sends more chat messages in a minute than allowed, Then the next is 429 with Retry-After, streamed or not', async () => {
    const user = await signUp(app.platformUrl);
    for (let i = 0; i < 5; i += 1) {
      expect((await request('POST', `${app.platformUrl}/api/v1/agent-chat/bare`, { token: user.token, body: { message: `m${i}` } })).status).toBe(200);
    }
    const refused = await request('POST', `${app.platformUrl}/api/v1/agent-chat/bare`, { token: user.token, body: { message: 'one too many' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'rate_limited', message: expect.stringContaining('5 chat messages per minute') });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const streamed = await openSse(`${app.platformUrl}/api/v1/agent-chat/bare/stream`, { token: user.token, body: { message: 'streamed' } });
    expect(streamed.status).toBe(429);
    // Another user has an allowance of their own.
    const other = await signUp(app.platformUrl);
    expect((await request('POST', `${app.platformUrl}/api/v1/agent-chat/bare`, { token: other.token, body: { message: 'hi' } })).status).toBe(200);
  });
});
