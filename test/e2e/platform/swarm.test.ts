import { randomUUID } from 'node:crypto';
import { Agent } from '../../../core/domain/agent/agent.entity';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { storeAgent } from '../../support/chat-agents';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { dataOf, openSse } from '../../support/sse-client';
import { StartedApp, startApp } from '../../support/started-app';

interface SwarmBody {
  reply: string;
  delegations: Array<{ agent_id: string; subtask: string; output: string; success: boolean }>;
  token_usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
interface ErrorBody {
  error: string;
  details?: Array<{ field: string }>;
}

const FIVE_EVENTS = ['token', 'tool_call', 'tool_result', 'done', 'error'];

describe('Swarm over HTTP, on the offline model', () => {
  let app: StartedApp;
  let alice: PlatformUser;
  let bob: PlatformUser;
  let writer: Agent;
  let checker: Agent;
  const run = <T = SwarmBody>(user: PlatformUser | undefined, body: object) =>
    request<T>('POST', `${app.platformUrl}/api/v1/swarm/run`, { token: user?.token, body });

  beforeAll(async () => {
    app = await startApp();
    alice = await signUp(app.platformUrl);
    bob = await signUp(app.platformUrl);
    writer = await storeAgent(app, alice, { name: 'Writer', includeTools: [] });
    checker = await storeAgent(app, alice, { name: 'Checker', includeTools: [] });
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe('POST /swarm/run', () => {
    it('When the bare coordinator runs, Then it delegates the task to every member and sums up their answers', async () => {
      const response = await run(alice, { member_agent_ids: [writer.id, checker.id], task: 'Write a haiku' });

      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        reply: expect.stringContaining('delegate tool returned'),
        delegations: [
          { agent_id: writer.id, subtask: 'Write a haiku', output: expect.stringContaining('offline model'), success: true },
          { agent_id: checker.id, subtask: 'Write a haiku', output: expect.stringContaining('offline model'), success: true },
        ],
        token_usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
      });
      // The members' tokens are counted with the coordinator's.
      expect(response.body.token_usage.total_tokens).toBeGreaterThan(0);
    });

    it('When an agent coordinates, Then the swarm runs under it', async () => {
      const lead = await storeAgent(app, alice, { name: 'Lead', includeTools: [] });
      const response = await run(alice, { coordinator_agent_id: lead.id, member_agent_ids: [writer.id], task: 'Plan it', max_concurrency: 1 });
      expect(response.status).toBe(200);
      expect(response.body.delegations.map((d) => d.agent_id)).toEqual([writer.id]);
    });

    it("When a member or the coordinator is another user's draft agent or unknown, Then 404; without a token, 401", async () => {
      const bobsDraft = await storeAgent(app, bob);
      expect((await run<ErrorBody>(alice, { member_agent_ids: [writer.id, bobsDraft.id], task: 'Hi' })).status).toBe(404);
      expect((await run<ErrorBody>(alice, { coordinator_agent_id: randomUUID(), member_agent_ids: [writer.id], task: 'Hi' })).body.error).toBe('not_found');
      expect((await run(undefined, { member_agent_ids: [writer.id], task: 'Hi' })).status).toBe(401);
    });

    it('When members repeat, are too many or too few, or the concurrency is out of range, Then 422 with details', async () => {
      const cases: Array<[object, string]> = [
        [{ member_agent_ids: [], task: 'Hi' }, 'member_agent_ids'],
        [{ member_agent_ids: [writer.id, writer.id], task: 'Hi' }, 'member_agent_ids'],
        [{ member_agent_ids: Array.from({ length: 11 }, () => randomUUID()), task: 'Hi' }, 'member_agent_ids'],
        [{ member_agent_ids: [writer.id], task: 'Hi', max_concurrency: 9 }, 'max_concurrency'],
        [{ member_agent_ids: [writer.id], task: '' }, 'task'],
      ];
      for (const [body, field] of cases) {
        const refused = await run<ErrorBody>(alice, body);
        expect(refused.status).toBe(422);
        expect(refused.body.details).toEqual([expect.objectContaining({ field: expect.stringContaining(field) })]);
      }
    });
  });

  describe('POST /swarm/run/stream', () => {
    it("When the swarm is streamed, Then members' frames carry their agent_id, only the five event names appear, and one done ends it", async () => {
      const stream = await openSse(`${app.platformUrl}/api/v1/swarm/run/stream`, {
        token: alice.token,
        body: { member_agent_ids: [writer.id, checker.id], task: 'Write a haiku' },
      });
      expect(stream.status).toBe(200);
      const streamId = stream.headers.get('x-stream-id');
      expect(streamId).toMatch(/^[0-9a-f-]{36}$/);
      const frames = await stream.finished();

      expect(frames.every((frame) => FIVE_EVENTS.includes(frame.event ?? ''))).toBe(true);
      expect(frames.filter((frame) => frame.event === 'done' || frame.event === 'error').map((frame) => frame.event)).toEqual(['done']);
      expect(frames[frames.length - 1].event).toBe('done');
      const memberIds = new Set(frames.map((frame) => dataOf(frame).agent_id).filter((id) => id !== undefined));
      expect(memberIds).toEqual(new Set([writer.id, checker.id]));
      const memberTokens = frames.filter((frame) => frame.event === 'token' && dataOf(frame).agent_id === writer.id);
      expect(memberTokens.length).toBeGreaterThan(0);
      // The coordinator's delegations and their results carry no agent_id.
      const delegations = frames.filter((frame) => frame.event === 'tool_call' && dataOf(frame).name === 'delegate');
      expect(delegations.map((frame) => dataOf(frame).agent_id)).toEqual([undefined, undefined]);
      expect(frames.map((frame) => Number(frame.id))).toEqual(frames.map((_frame, index) => index + 1));

      const resumed = await openSse(`${app.platformUrl}/api/v1/agent-chat/streams/${streamId}`, {
        method: 'GET',
        token: alice.token,
        headers: { 'last-event-id': '2' },
      });
      const rest = await resumed.finished();
      expect(rest.map((frame) => frame.id)).toEqual(frames.slice(2).map((frame) => frame.id));
      const other = await openSse(`${app.platformUrl}/api/v1/agent-chat/streams/${streamId}`, { method: 'GET', token: bob.token });
      expect(other.status).toBe(404);
    });

    it('When the request is refused, Then it is a JSON error before any stream: 422, 404, 401', async () => {
      const url = `${app.platformUrl}/api/v1/swarm/run/stream`;
      expect((await openSse(url, { token: alice.token, body: { member_agent_ids: [], task: 'Hi' } })).status).toBe(422);
      expect((await openSse(url, { token: alice.token, body: { member_agent_ids: [randomUUID()], task: 'Hi' } })).status).toBe(404);
      expect((await openSse(url, { body: { member_agent_ids: [writer.id], task: 'Hi' } })).status).toBe(401);
    });
  });
});

describe('Swarm on a real model wire format, and its rate limit', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: upstream.baseUrl,
      LLM_MAX_RETRIES: '0',
      CHAT_RATE_PER_MINUTE: '2',
    });
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  it('When the coordinator delegates to one member, Then the member answers the subtask and the coordinator its result', async () => {
    const user = await signUp(app.platformUrl);
    const model = { provider: 'openai', modelName: 'gpt-test', temperature: 0.1 };
    const member = await storeAgent(app, user, { name: 'Member', includeTools: [], modelConfig: model });
    const call = { id: 'call_1', name: 'delegate', arguments: JSON.stringify({ agent_id: member.id, subtask: 'Count to three' }) };
    upstream.enqueue({ reply: { content: '', toolCalls: [call], finish: 'tool_calls' } });

    const response = await request<SwarmBody>('POST', `${app.platformUrl}/api/v1/swarm/run`, {
      token: user.token,
      body: { member_agent_ids: [member.id], task: 'Do it' },
    });

    expect(response.status).toBe(200);
    expect(response.body.delegations).toEqual([{ agent_id: member.id, subtask: 'Count to three', output: 'Echo: Count to three', success: true }]);
    expect(response.body.reply).toContain('Result:');
    const sent = upstream.requestsTo('/v1/chat/completions');
    expect(sent).toHaveLength(3);
    expect(sent[0].body.tools[0].function.name).toBe('delegate');
    expect(sent[0].body.tools[0].function.parameters.properties.agent_id.enum).toEqual([member.id]);
  });

  it("When the coordinator's provider fails, Then the plain run is a 502 and the stream ends with one error frame, no provider detail", async () => {
    const user = await signUp(app.platformUrl);
    const member = await storeAgent(app, user, { includeTools: [] });
    upstream.enqueue({ status: 500 }, { status: 500 });
    const body = { member_agent_ids: [member.id], task: 'Hi' };

    const plain = await request<ErrorBody & { message: string }>('POST', `${app.platformUrl}/api/v1/swarm/run`, { token: user.token, body });
    const stream = await openSse(`${app.platformUrl}/api/v1/swarm/run/stream`, { token: user.token, body });
    const frames = await stream.finished();

    expect(plain.status).toBe(502);
    expect(plain.body).toEqual({ error: 'upstream_error', message: 'The model provider failed to answer' });
    expect(frames.map((frame) => frame.event)).toEqual(['error']);
    expect(dataOf(frames[0])).toEqual({ type: 'error', error: 'upstream_error', message: 'The model provider failed to answer' });
  });

  it('When a user runs swarms past the chat rate, Then 429 with Retry-After', async () => {
    const user = await signUp(app.platformUrl);
    const member = await storeAgent(app, user, { includeTools: [] });
    const swarm = () =>
      request<ErrorBody>('POST', `${app.platformUrl}/api/v1/swarm/run`, { token: user.token, body: { member_agent_ids: [member.id], task: 'Hi' } });
    await swarm();
    await swarm();
    await swarm();
    const refused = await swarm();
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
