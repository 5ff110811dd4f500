import { request } from '../../support/http-client';
import { Envelope, envelopeAgent, envelopeConversation, envelopeSignUp, EnvelopeUserSession } from '../../support/envelope-user';
import { dataOf, openSse, SseFrameSeen } from '../../support/sse-client';
import { StartedApp, startApp } from '../../support/started-app';

type Frame = { type: string; content?: string };
interface MessageBody {
  id: number;
  conversation_id: number;
  role: string;
  content: string;
  created_at: string;
}
interface MessagePage {
  items: MessageBody[];
  total: number;
  page: number;
  page_size: number;
}

const framesOf = (frames: SseFrameSeen[]): Frame[] => frames.map((frame) => dataOf<Frame>(frame));

/** Asserts tokens then exactly one `done`, every frame a bare `data:` line; answers the text the tokens make. */
function replyText(frames: SseFrameSeen[]): string {
  const parsed = framesOf(frames);
  expect(frames.every((frame) => frame.event === undefined && frame.id === undefined)).toBe(true);
  expect(parsed.filter((f) => f.type === 'done')).toEqual([{ type: 'done' }]);
  expect(parsed[parsed.length - 1]).toEqual({ type: 'done' });
  const tokens = parsed.slice(0, -1);
  expect(tokens.length).toBeGreaterThan(0);
  expect(tokens.every((f) => f.type === 'token' && typeof f.content === 'string')).toBe(true);
  return tokens.map((f) => f.content).join('');
}

describe('Envelope conversations over HTTP, on the default (offline) model', () => {
  let app: StartedApp;
  let api: string;
  let owner: EnvelopeUserSession;
  let stranger: EnvelopeUserSession;

  beforeAll(async () => {
    app = await startApp();
    api = `${app.envelopeUrl}/api/v1`;
    owner = await envelopeSignUp(app.envelopeUrl);
    stranger = await envelopeSignUp(app.envelopeUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const send = (user: EnvelopeUserSession, conversationId: number | string, content: unknown) =>
    openSse(`${api}/conversations/${conversationId}/messages`, { token: user.accessToken, body: { content } });
  const history = (user: EnvelopeUserSession, conversationId: number | string, query = '') =>
    request<Envelope<MessagePage>>('GET', `${api}/conversations/${conversationId}/messages${query}`, { token: user.accessToken });

  it('When a conversation is created, Then the record has an integer id, the agent and the title', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, owner);
    const res = await request<Envelope<Record<string, unknown>>>('POST', `${api}/conversations`, {
      token: owner.accessToken,
      body: { agent_id: agent.id, title: 'Trip' },
    });
    expect(res.body).toEqual({
      code: 200,
      message: 'success',
      data: { id: expect.any(Number), agent_id: agent.id, title: 'Trip', created_at: expect.any(String), updated_at: expect.any(String) },
    });
    const untitled = await request<Envelope<Record<string, unknown>>>('POST', `${api}/conversations`, {
      token: owner.accessToken,
      body: { agent_id: agent.id },
    });
    expect(untitled.body.data).toMatchObject({ title: '' });
    for (const body of [{}, { agent_id: 'one' }, { agent_id: 1.5 }, { agent_id: agent.id, title: 't'.repeat(201) }]) {
      const bad = await request<Envelope<null>>('POST', `${api}/conversations`, { token: owner.accessToken, body });
      expect([bad.status, bad.body.code, bad.body.data]).toEqual([400, 40000, null]);
    }
  });

  it('When a message is sent, Then the reply streams as token frames then one done, from the offline model (the server has no OpenAI key), and both messages are stored', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, owner, { model_config: { provider: 'openai', model_name: 'gpt-4o' } });
    const conversation = await envelopeConversation(app.envelopeUrl, owner, agent.id);
    const stream = await send(owner, conversation.id, 'Hello there');
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reply = replyText(await stream.finished());
    expect(reply.toLowerCase()).toContain('offline');

    const stored = await history(owner, conversation.id);
    expect(stored.body).toEqual({ code: 200, message: 'success', data: { items: expect.any(Array), total: 2, page: 1, page_size: 20 } });
    expect(stored.body.data.items).toEqual([
      { id: expect.any(Number), conversation_id: conversation.id, role: 'user', content: 'Hello there', created_at: expect.any(String) },
      { id: expect.any(Number), conversation_id: conversation.id, role: 'assistant', content: reply, created_at: expect.any(String) },
    ]);
    expect(stored.body.data.items[1].id).toBeGreaterThan(stored.body.data.items[0].id);
  });

  it('When a conversation has several turns, Then history lists them oldest first, paged (default 20, max 100)', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, owner);
    const conversation = await envelopeConversation(app.envelopeUrl, owner, agent.id);
    for (const content of ['one', 'two', 'three']) replyText(await (await send(owner, conversation.id, content)).finished());
    const page1 = await history(owner, conversation.id, '?page=1&page_size=4');
    expect(page1.body.data).toMatchObject({ total: 6, page: 1, page_size: 4 });
    expect(page1.body.data.items.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    expect(page1.body.data.items.filter((m) => m.role === 'user').map((m) => m.content)).toEqual(['one', 'two']);
    const page2 = await history(owner, conversation.id, '?page=2&page_size=4');
    expect(page2.body.data.items.map((m) => [m.role, m.role === 'user' ? m.content : '…'])).toEqual([
      ['user', 'three'],
      ['assistant', '…'],
    ]);
    expect((await history(owner, conversation.id, '?page_size=100')).status).toBe(200);
    for (const query of ['?page_size=101', '?page_size=0', '?page=0', '?page=x']) {
      const res = await history(owner, conversation.id, query);
      expect([query, res.status, res.body.code, res.body.data]).toEqual([query, 400, 40000, null]);
    }
  });

  it("When another user uses someone's agent or conversation, Then it is 403/40300; a missing one 404/40400; nothing is streamed or stored", async () => {
    const agent = await envelopeAgent(app.envelopeUrl, owner);
    const conversation = await envelopeConversation(app.envelopeUrl, owner, agent.id);
    const foreignAgent = await request<Envelope<null>>('POST', `${api}/conversations`, { token: stranger.accessToken, body: { agent_id: agent.id } });
    expect([foreignAgent.status, foreignAgent.body]).toEqual([403, { code: 40300, message: expect.any(String), data: null }]);
    const missingAgent = await request<Envelope<null>>('POST', `${api}/conversations`, { token: owner.accessToken, body: { agent_id: 99_999_999 } });
    expect([missingAgent.status, missingAgent.body.code]).toEqual([404, 40400]);

    const foreignSend = await send(stranger, conversation.id, 'Let me in');
    expect([foreignSend.status, JSON.parse(foreignSend.text ?? '')]).toEqual([403, { code: 40300, message: expect.any(String), data: null }]);
    const foreignHistory = await history(stranger, conversation.id);
    expect([foreignHistory.status, foreignHistory.body.code, foreignHistory.body.data]).toEqual([403, 40300, null]);
    const missingSend = await send(owner, 99_999_999, 'Anyone?');
    expect([missingSend.status, JSON.parse(missingSend.text ?? '').code]).toEqual([404, 40400]);
    expect((await history(owner, 99_999_999)).body.code).toBe(40400);
    for (const content of ['', '   ', 'x'.repeat(32_001), 42]) {
      const bad = await send(owner, conversation.id, content);
      expect([bad.status, JSON.parse(bad.text ?? '').code]).toEqual([400, 40000]);
    }
    expect((await history(owner, conversation.id)).body.data.total).toBe(0);
  });

  it('When the agent is deleted, Then its conversations are gone (404/40400)', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, owner);
    const conversation = await envelopeConversation(app.envelopeUrl, owner, agent.id);
    await request('DELETE', `${api}/agents/${agent.id}`, { token: owner.accessToken });
    expect((await history(owner, conversation.id)).status).toBe(404);
  });
});
