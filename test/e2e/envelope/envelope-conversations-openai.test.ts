import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { request } from '../../support/http-client';
import { eventually } from '../../support/chat-agents';
import { Envelope, envelopeAgent, envelopeConversation, envelopeSignUp, EnvelopeUserSession } from '../../support/envelope-user';
import { dataOf, openSse } from '../../support/sse-client';
import { StartedApp, startApp } from '../../support/started-app';

const CHAT = '/v1/chat/completions';

interface MessagePage {
  items: Array<{ role: string; content: string }>;
  total: number;
}

describe('Envelope conversations over HTTP, on the OpenAI adapter (fake OpenAI server)', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;
  let api: string;
  let user: EnvelopeUserSession;

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({ LLM_PROVIDER: 'openai', OPENAI_API_KEY: 'test', OPENAI_BASE_URL: upstream.baseUrl, LLM_MAX_RETRIES: '0', SSE_HEARTBEAT_MS: '50' });
    api = `${app.envelopeUrl}/api/v1`;
    user = await envelopeSignUp(app.envelopeUrl);
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  const openAiConversation = async () => {
    const agent = await envelopeAgent(app.envelopeUrl, user, {
      prompt_template: 'You answer in one line.',
      model_config: { provider: 'openai', model_name: 'gpt-test', temperature: 0.2, max_tokens: 321 },
    });
    return envelopeConversation(app.envelopeUrl, user, agent.id);
  };
  const send = (conversationId: number, content: string) =>
    openSse(`${api}/conversations/${conversationId}/messages`, { token: user.accessToken, body: { content } });
  const history = async (conversationId: number) =>
    (await request<Envelope<MessagePage>>('GET', `${api}/conversations/${conversationId}/messages`, { token: user.accessToken })).body.data;

  it("When messages are sent, Then the model gets the agent's prompt template, model_config and the earlier turns, and its tokens stream in order", async () => {
    const conversation = await openAiConversation();
    const first = (await (await send(conversation.id, 'Remember 42')).finished()).map((f) => dataOf(f));
    expect(first.map((f) => f.type)).toEqual([...Array<string>(first.length - 1).fill('token'), 'done']);
    expect(
      first
        .slice(0, -1)
        .map((f) => f.content)
        .join(''),
    ).toBe('Echo: Remember 42');
    await (await send(conversation.id, 'What number?')).finished();

    const sent = upstream.requestsTo(CHAT)[1].body;
    expect(sent).toMatchObject({ stream: true, model: 'gpt-test', temperature: 0.2, max_completion_tokens: 321 });
    expect(sent.messages).toEqual([
      { role: 'system', content: 'You answer in one line.' },
      { role: 'user', content: 'Remember 42' },
      { role: 'assistant', content: 'Echo: Remember 42' },
      { role: 'user', content: 'What number?' },
    ]);
    expect((await history(conversation.id)).total).toBe(4);
  });

  it('When the agent has knowledge, Then the passages that match the message reach the model as context', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, user, {
      prompt_template: 'You answer from the manual.',
      model_config: { provider: 'openai', model_name: 'gpt-test' },
    });
    const form = new FormData();
    form.append('agent_id', String(agent.id));
    form.append('file', new Blob(['Error code E42 means the water pressure is below one bar.']), 'boiler.txt');
    const uploaded = await fetch(`${api}/knowledge/documents/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(uploaded.status).toBe(200);
    const conversation = await envelopeConversation(app.envelopeUrl, user, agent.id);

    await (await send(conversation.id, 'What does error code E42 mean?')).finished();

    const sent = upstream.requestsTo(CHAT)[0].body as { messages: Array<{ role: string; content: string }> };
    expect(sent.messages.some((message) => message.content.includes('water pressure is below one bar'))).toBe(true);
  });

  it('When the provider fails, Then the stream ends with one error frame naming no provider detail, and nothing is stored', async () => {
    const conversation = await openAiConversation();
    upstream.enqueue({ status: 500 });
    const frames = (await (await send(conversation.id, 'Fail please')).finished()).map((f) => dataOf(f));
    expect(frames).toEqual([{ type: 'error', content: expect.any(String) }]);
    expect(JSON.stringify(frames)).not.toMatch(/fake upstream|500|127\.0\.0\.1/);
    expect((await history(conversation.id)).total).toBe(0);
  });

  it('When the provider breaks off mid-reply, Then the tokens already sent are followed by one error frame, and no half reply is stored', async () => {
    const conversation = await openAiConversation();
    upstream.enqueue({ reply: { content: 'one two three four five six seven eight' }, dropAfterEvents: 3 });
    const frames = (await (await send(conversation.id, 'Break')).finished()).map((f) => dataOf(f));
    expect(frames[frames.length - 1]).toEqual({ type: 'error', content: expect.any(String) });
    expect(frames.filter((f) => f.type === 'error')).toHaveLength(1);
    expect(frames.some((f) => f.type === 'done')).toBe(false);
    expect((await history(conversation.id)).total).toBe(0);
  });

  it('When the client disconnects before the reply ends, Then the reply still completes and the message and the whole reply are stored', async () => {
    const conversation = await openAiConversation();
    let release!: () => void;
    upstream.enqueue({ holdUntil: new Promise<void>((resolve) => (release = resolve)), reply: { content: 'Finished after you left' } });
    const stream = await send(conversation.id, 'Answer later');
    expect(stream.status).toBe(200);
    await eventually(() => upstream.requestsTo(CHAT).length === 1);
    await stream.waitFor((_frames, comments) => comments.includes('ping'));
    stream.abort();
    await new Promise((resolve) => setTimeout(resolve, 100));
    release();

    await eventually(async () => (await history(conversation.id)).total === 2);
    expect((await history(conversation.id)).items).toEqual([
      expect.objectContaining({ role: 'user', content: 'Answer later' }),
      expect.objectContaining({ role: 'assistant', content: 'Finished after you left' }),
    ]);
    expect(upstream.abandoned).toHaveLength(0);
  });

  it('When an agent names a provider the server has no configuration of, Then the offline model answers and the OpenAI server is not called', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, user, { model_config: { provider: 'anthropic', model_name: 'claude-test' } });
    const conversation = await envelopeConversation(app.envelopeUrl, user, agent.id);
    const frames = (await (await send(conversation.id, 'Who answers?')).finished()).map((f) => dataOf(f));
    expect(frames[frames.length - 1]).toEqual({ type: 'done' });
    expect(
      frames
        .slice(0, -1)
        .map((f) => f.content)
        .join('')
        .toLowerCase(),
    ).toContain('offline');
    expect(upstream.requestsTo(CHAT)).toHaveLength(0);
  });
});
