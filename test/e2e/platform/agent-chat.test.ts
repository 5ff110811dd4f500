import { randomUUID } from 'node:crypto';
import { Agent } from '../../../core/domain/agent/agent.entity';
import { storeAgent } from '../../support/chat-agents';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { dataOf, openSse, SseFrameSeen } from '../../support/sse-client';
import { StartedApp, startApp } from '../../support/started-app';

interface ChatBody {
  session_id: string;
  reply: string;
  tool_calls: Array<{ id: string; name: string; arguments: unknown; success: boolean }>;
  token_usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
interface HistoryBody {
  session_id: string | null;
  items: Array<{ role: string; content: string; status: string; tool_calls: unknown[] }>;
  total: number;
  page: number;
  page_size: number;
}

const UUID = /^[0-9a-f-]{36}$/;

const names = (frames: SseFrameSeen[]) => frames.map((f) => f.event);

describe('Agent chat over HTTP, on the offline model', () => {
  let app: StartedApp;
  let second: StartedApp;
  let alice: PlatformUser;
  let bob: PlatformUser;
  let agent: Agent;
  const chat = (path: string, user: PlatformUser, body: object) =>
    request<ChatBody>('POST', `${app.platformUrl}/api/v1/agent-chat/${path}`, { token: user.token, body });

  beforeAll(async () => {
    app = await startApp();
    // A second process on the same SQLite file: a stream started on one is resumed on the other.
    second = await startApp({ DATA_DIR: app.services.app.config.dataDir });
    alice = await signUp(app.platformUrl);
    bob = await signUp(app.platformUrl);
    agent = await storeAgent(app, alice);
  });
  afterAll(async () => {
    await second?.stop();
    await app?.stop();
  });

  describe('POST /agent-chat/{agent_id}', () => {
    it('When a message is sent without a session, Then a session is opened and the reply comes with tool calls and token usage', async () => {
      const response = await chat(agent.id, alice, { message: 'Hello there' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        session_id: expect.stringMatching(UUID),
        reply: expect.stringContaining('offline model'),
        tool_calls: [],
        token_usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
      });
      const { prompt_tokens, completion_tokens, total_tokens } = response.body.token_usage;
      expect(total_tokens).toBe(prompt_tokens + completion_tokens);
    });

    it('When the session id is sent back, Then the turn joins that session, and the history lists both turns oldest first', async () => {
      const first = await chat(agent.id, alice, { message: 'My name is Alice' });
      const second = await chat(agent.id, alice, { message: 'What is my name?', session_id: first.body.session_id });
      expect(second.status).toBe(200);
      expect(second.body.session_id).toBe(first.body.session_id);

      const history = await request<HistoryBody>(
        'GET',
        `${app.platformUrl}/api/v1/agents/${agent.id}/preview-chat-history?session_id=${first.body.session_id}`,
        {
          token: alice.token,
        },
      );
      expect(history.status).toBe(200);
      expect(history.body).toMatchObject({ session_id: first.body.session_id, total: 4, page: 1, page_size: 20 });
      expect(history.body.items.map((m) => [m.role, m.status])).toEqual([
        ['user', 'complete'],
        ['assistant', 'complete'],
        ['user', 'complete'],
        ['assistant', 'complete'],
      ]);
      expect(history.body.items.map((m) => m.content)).toEqual(['My name is Alice', first.body.reply, 'What is my name?', second.body.reply]);
    });

    it('When the model calls the calculator, Then the real tool runs and the reply carries its result and the call', async () => {
      const response = await chat(agent.id, alice, { message: 'Use the calculator: what is (12.5 * 4) - 7?' });
      expect(response.status).toBe(200);
      expect(response.body.tool_calls).toEqual([{ id: 'call_offline_1', name: 'calculator', arguments: { expression: '(12.5 * 4) - 7' }, success: true }]);
      expect(response.body.reply).toContain('"value":43');
    });

    it("When another user's session is sent, Then it is 404 and nothing is added to it", async () => {
      const mine = await chat(agent.id, alice, { message: 'private' });
      const deployed = await storeAgent(app, alice, { status: 'deployed' });
      const stolen = await chat(deployed.id, bob, { message: 'hi', session_id: mine.body.session_id });
      expect(stolen.status).toBe(404);
      expect(stolen.body).toEqual({ error: 'not_found', message: expect.any(String) });
      const kept = await request<HistoryBody>('GET', `${app.platformUrl}/api/v1/agents/${agent.id}/preview-chat-history?session_id=${mine.body.session_id}`, {
        token: alice.token,
      });
      expect(kept.body.total).toBe(2);
      const unknown = await chat(agent.id, alice, { message: 'hi', session_id: randomUUID() });
      expect(unknown.status).toBe(404);
    });

    it("When the agent is someone else's draft, unknown, or not a UUID, Then it is 404; once deployed, others may chat with it", async () => {
      const draft = await storeAgent(app, alice);
      expect((await chat(draft.id, bob, { message: 'hi' })).status).toBe(404);
      expect((await chat(randomUUID(), bob, { message: 'hi' })).status).toBe(404);
      expect((await chat('not-a-uuid', bob, { message: 'hi' })).status).toBe(404);
      const stopped = await storeAgent(app, alice, { status: 'stopped' });
      expect((await chat(stopped.id, alice, { message: 'hi' })).status).toBe(200);
      const published = await storeAgent(app, alice, { status: 'deployed' });
      expect((await chat(published.id, bob, { message: 'hi' })).status).toBe(200);
    });

    it('When the message is missing or empty, or there is no token, Then it is 422 or 401', async () => {
      const missing = await chat(agent.id, alice, {});
      expect(missing.status).toBe(422);
      expect(missing.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field: 'message' })] });
      expect((await chat(agent.id, alice, { message: '' })).status).toBe(422);
      expect((await request('POST', `${app.platformUrl}/api/v1/agent-chat/${agent.id}`, { body: { message: 'hi' } })).status).toBe(401);
    });
  });

  describe('POST /agent-chat/{agent_id}/stream', () => {
    it('When a message is streamed, Then frames carry increasing ids, token frames make the reply, and exactly one done ends it', async () => {
      const stream = await openSse(`${app.platformUrl}/api/v1/agent-chat/${agent.id}/stream`, { token: alice.token, body: { message: 'Tell me something' } });
      const frames = await stream.finished();

      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('x-stream-id')).toMatch(UUID);
      expect(frames.map((f) => Number(f.id))).toEqual(frames.map((_, i) => i + 1));
      expect(
        names(frames)
          .slice(0, -1)
          .every((name) => name === 'token'),
      ).toBe(true);
      expect(names(frames).filter((name) => name === 'done' || name === 'error')).toEqual(['done']);
      const done = dataOf(frames.at(-1)!);
      expect(done).toEqual({
        type: 'done',
        session_id: expect.stringMatching(UUID),
        token_usage: expect.objectContaining({ total_tokens: expect.any(Number) }),
      });
      const text = frames.slice(0, -1).map((f) => dataOf<{ type: string; content: string }>(f));
      expect(text.every((t) => t.type === 'token')).toBe(true);
      const history = await request<HistoryBody>('GET', `${app.platformUrl}/api/v1/agents/${agent.id}/preview-chat-history?session_id=${done.session_id}`, {
        token: alice.token,
      });
      expect(history.body.items.map((m) => m.content)).toEqual(['Tell me something', text.map((t) => t.content).join('')]);
    });

    it('When the model calls the calculator in a stream, Then tool_call and tool_result frames share the call id and the answer holds the result', async () => {
      const stream = await openSse(`${app.platformUrl}/api/v1/agent-chat/${agent.id}/stream`, {
        token: alice.token,
        body: { message: 'Use the calculator: what is (12.5 * 4) - 7?' },
      });
      const frames = await stream.finished();
      const call = frames.find((f) => f.event === 'tool_call')!;
      const result = frames.find((f) => f.event === 'tool_result')!;

      expect(dataOf(call)).toEqual({ type: 'tool_call', id: 'call_offline_1', name: 'calculator', arguments: { expression: '(12.5 * 4) - 7' } });
      expect(dataOf(result)).toEqual({ type: 'tool_result', id: 'call_offline_1', name: 'calculator', result: { value: 43 } });
      expect(Number(result.id)).toBe(Number(call.id) + 1);
      const answer = frames.filter((f) => f.event === 'token' && Number(f.id) > Number(result.id)).map((f) => dataOf<{ content: string }>(f).content);
      expect(answer.join('')).toContain('"value":43');
      expect(names(frames).at(-1)).toBe('done');
    });

    it('When the stream is resumed on another process with Last-Event-ID, Then exactly the frames after that id arrive, ending with done', async () => {
      const stream = await openSse(`${app.platformUrl}/api/v1/agent-chat/${agent.id}/stream`, {
        token: alice.token,
        body: { message: 'A longer answer, please' },
      });
      const frames = await stream.finished();
      const streamId = stream.headers.get('x-stream-id');
      const resumed = await openSse(`${second.platformUrl}/api/v1/agent-chat/streams/${streamId}`, {
        method: 'GET',
        token: alice.token,
        headers: { 'last-event-id': '2' },
      });

      expect(resumed.status).toBe(200);
      expect(resumed.headers.get('x-stream-id')).toBe(streamId);
      expect(await resumed.finished()).toEqual(frames.slice(2));
      const fromStart = await openSse(`${second.platformUrl}/api/v1/agent-chat/streams/${streamId}`, { method: 'GET', token: alice.token });
      expect(await fromStart.finished()).toEqual(frames);
      const pastTheEnd = await openSse(`${second.platformUrl}/api/v1/agent-chat/streams/${streamId}`, {
        method: 'GET',
        token: alice.token,
        headers: { 'last-event-id': String(frames.length) },
      });
      expect(await pastTheEnd.finished()).toEqual([]);
    });

    it('When another user resumes a stream, or an unknown one, Then it is 404', async () => {
      const stream = await openSse(`${app.platformUrl}/api/v1/agent-chat/${agent.id}/stream`, { token: alice.token, body: { message: 'mine' } });
      await stream.finished();
      const theirs = await openSse(`${app.platformUrl}/api/v1/agent-chat/streams/${stream.headers.get('x-stream-id')}`, { method: 'GET', token: bob.token });
      expect(theirs.status).toBe(404);
      expect(JSON.parse(theirs.text ?? '')).toEqual({ error: 'not_found', message: expect.any(String) });
      expect((await openSse(`${app.platformUrl}/api/v1/agent-chat/streams/${randomUUID()}`, { method: 'GET', token: alice.token })).status).toBe(404);
    });

    it('When the agent is invisible, Then the stream is refused with a JSON 404 before any frame', async () => {
      const draft = await storeAgent(app, alice);
      const refused = await openSse(`${app.platformUrl}/api/v1/agent-chat/${draft.id}/stream`, { token: bob.token, body: { message: 'hi' } });
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.text ?? '')).toMatchObject({ error: 'not_found' });
    });
  });

  describe('POST /agent-chat/bare and /agent-chat/bare/stream', () => {
    it('When a bare chat continues its session, Then it answers from the default model and keeps the session', async () => {
      const first = await chat('bare', alice, { message: 'Hi without an agent' });
      expect(first.status).toBe(200);
      expect(first.body.reply).toContain('offline model');
      const next = await chat('bare', alice, { message: 'Again', session_id: first.body.session_id });
      expect(next.body.session_id).toBe(first.body.session_id);
      // A bare session is not a session of an agent.
      expect((await chat(agent.id, alice, { message: 'x', session_id: first.body.session_id })).status).toBe(404);
    });

    it('When a bare chat is streamed, Then tokens and one done arrive', async () => {
      const stream = await openSse(`${app.platformUrl}/api/v1/agent-chat/bare/stream`, {
        token: alice.token,
        body: { message: 'Stream without an agent', streamlined: true },
      });
      const frames = await stream.finished();
      expect(stream.status).toBe(200);
      expect(names(frames).at(-1)).toBe('done');
      expect(names(frames).filter((n) => n === 'token').length).toBeGreaterThan(0);
    });
  });
});
