import { randomUUID } from 'node:crypto';
import { Agent } from '../../../core/domain/agent/agent.entity';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { storeAgent } from '../../support/chat-agents';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

interface OrchestrateBody {
  session_id?: string;
  mode: string;
  reply: string;
  steps: Array<{ agent_id: string; node_id?: string; output: string }>;
  token_usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}
interface ErrorBody {
  error: string;
  message: string;
  details?: Array<{ field: string; message: string }>;
}

const USAGE = { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) };

describe('Multi-agent orchestration over HTTP, on the offline model', () => {
  let app: StartedApp;
  let alice: PlatformUser;
  let bob: PlatformUser;
  let poet: Agent;
  let accountant: Agent;
  const post = <T = OrchestrateBody>(path: string, user: PlatformUser | undefined, body: object) =>
    request<T>('POST', `${app.platformUrl}/api/v1/agent-chat/${path}`, { token: user?.token, body });

  beforeAll(async () => {
    app = await startApp();
    alice = await signUp(app.platformUrl);
    bob = await signUp(app.platformUrl);
    poet = await storeAgent(app, alice, { name: 'Poet', description: 'Writes poems and verses about nature' });
    accountant = await storeAgent(app, alice, { name: 'Accountant', description: 'Answers tax and invoice questions' });
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe('POST /agent-chat/orchestrate', () => {
    it('When mode is route, Then the offline router picks the agent whose description fits the message, and only that agent answers', async () => {
      const toTax = await post('orchestrate', alice, { mode: 'route', agent_ids: [poet.id, accountant.id], message: 'Is this invoice tax deductible?' });
      const toPoet = await post('orchestrate', alice, { mode: 'route', agent_ids: [poet.id, accountant.id], message: 'Write verses about nature' });

      expect(toTax.status).toBe(200);
      expect(toTax.body).toEqual({
        mode: 'route',
        reply: expect.stringContaining('offline model'),
        steps: [{ agent_id: accountant.id, output: toTax.body.reply }],
        token_usage: USAGE,
      });
      expect(toPoet.body.steps.map((s) => s.agent_id)).toEqual([poet.id]);
    });

    it('When mode is sequential, Then each agent answers in order and the last reply is the answer; the session id is echoed', async () => {
      const sessionId = randomUUID();
      const response = await post('orchestrate', alice, {
        mode: 'sequential',
        agent_ids: [poet.id, accountant.id],
        message: 'Draft a note',
        session_id: sessionId,
      });

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ session_id: sessionId, mode: 'sequential' });
      expect(response.body.steps.map((s) => s.agent_id)).toEqual([poet.id, accountant.id]);
      expect(response.body.reply).toBe(response.body.steps[1].output);
      // The second agent was handed the first one's reply.
      expect(response.body.steps[1].output).toContain('offline model');
      expect(response.body.token_usage.total_tokens).toBeGreaterThan(0);
    });

    it('When mode is debate, Then the agents argue for the default rounds and the first agent judges', async () => {
      const response = await post('orchestrate', alice, { mode: 'debate', agent_ids: [poet.id, accountant.id], message: 'Are poems better than invoices?' });

      expect(response.status).toBe(200);
      expect(response.body.mode).toBe('debate');
      // Two rounds of two speakers, then the verdict of the first agent.
      expect(response.body.steps.map((s) => s.agent_id)).toEqual([poet.id, accountant.id, poet.id, accountant.id, poet.id]);
      expect(response.body.reply).toBe(response.body.steps[4].output);
    });

    it("When another user's draft agent or an unknown agent takes part, Then 404; a deployed one of theirs may be used", async () => {
      const bobsDraft = await storeAgent(app, bob);
      const bobsDeployed = await storeAgent(app, bob, { status: 'deployed' });
      const unknown = randomUUID();

      expect((await post<ErrorBody>('orchestrate', alice, { mode: 'sequential', agent_ids: [poet.id, bobsDraft.id], message: 'Hi' })).status).toBe(404);
      expect((await post<ErrorBody>('orchestrate', alice, { mode: 'route', agent_ids: [poet.id, unknown], message: 'Hi' })).body.error).toBe('not_found');
      expect((await post('orchestrate', alice, { mode: 'sequential', agent_ids: [bobsDeployed.id], message: 'Hi' })).status).toBe(200);
    });

    it('When the mode or the number of agents is not allowed, Then 422 with details', async () => {
      const eleven = Array.from({ length: 11 }, () => poet.id);
      const cases: Array<[object, string]> = [
        [{ mode: 'route', agent_ids: [poet.id], message: 'Hi' }, 'agent_ids'],
        [{ mode: 'debate', agent_ids: [poet.id], message: 'Hi' }, 'agent_ids'],
        [{ mode: 'sequential', agent_ids: [], message: 'Hi' }, 'agent_ids'],
        [{ mode: 'sequential', agent_ids: eleven, message: 'Hi' }, 'agent_ids'],
        [{ mode: 'vote', agent_ids: [poet.id, accountant.id], message: 'Hi' }, 'mode'],
        [{ mode: 'route', agent_ids: [poet.id, accountant.id], message: '' }, 'message'],
      ];
      for (const [body, field] of cases) {
        const refused = await post<ErrorBody>('orchestrate', alice, body);
        expect(refused.status).toBe(422);
        expect(refused.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field: expect.stringContaining(field) })] });
      }
    });

    it('When no token is sent, Then 401', async () => {
      expect((await post('orchestrate', undefined, { mode: 'route', agent_ids: [poet.id, accountant.id], message: 'Hi' })).status).toBe(401);
    });
  });

  describe('POST /agent-chat/orchestrate/graph', () => {
    it("When a diamond graph runs, Then roots answer the message, a join answers its parents' outputs, and the sink's output is the reply", async () => {
      const response = await post('orchestrate/graph', alice, {
        nodes: [
          { id: 'draft', agent_id: poet.id },
          { id: 'left', agent_id: poet.id },
          { id: 'right', agent_id: accountant.id },
          { id: 'join', agent_id: accountant.id },
        ],
        edges: [
          { source: 'draft', target: 'left' },
          { source: 'draft', target: 'right' },
          { source: 'left', target: 'join' },
          { source: 'right', target: 'join' },
        ],
        message: 'Plan a picnic',
      });

      expect(response.status).toBe(200);
      expect(response.body.mode).toBe('graph');
      expect(response.body.steps.map((s) => s.node_id)).toEqual(['draft', 'left', 'right', 'join']);
      expect(response.body.steps.map((s) => s.agent_id)).toEqual([poet.id, poet.id, accountant.id, accountant.id]);
      expect(response.body.reply).toBe(response.body.steps[3].output);
      // The offline model echoes its input: the join read both parents' outputs under their node ids.
      expect(response.body.steps[3].output).toContain('[left]');
      expect(response.body.token_usage).toEqual(USAGE);
    });

    it('When two nodes have no successor, Then the reply merges both outputs under their node ids', async () => {
      const response = await post('orchestrate/graph', alice, {
        nodes: [
          { id: 'a', agent_id: poet.id },
          { id: 'b', agent_id: accountant.id },
        ],
        message: 'Hello',
      });
      expect(response.status).toBe(200);
      expect(response.body.reply).toBe(`[a]\n${response.body.steps[0].output}\n\n[b]\n${response.body.steps[1].output}`);
    });

    it('When the graph has a cycle, a dangling edge or a duplicate node id, Then 422 with details; an invisible agent is 404', async () => {
      const nodes = [
        { id: 'a', agent_id: poet.id },
        { id: 'b', agent_id: accountant.id },
      ];
      const cases: object[] = [
        {
          nodes,
          edges: [
            { source: 'a', target: 'b' },
            { source: 'b', target: 'a' },
          ],
          message: 'Hi',
        },
        { nodes, edges: [{ source: 'a', target: 'zzz' }], message: 'Hi' },
        { nodes: [...nodes, { id: 'a', agent_id: poet.id }], message: 'Hi' },
        { nodes: [], message: 'Hi' },
      ];
      for (const body of cases) {
        const refused = await post<ErrorBody>('orchestrate/graph', alice, body);
        expect(refused.status).toBe(422);
        expect(refused.body.details?.length).toBeGreaterThan(0);
      }
      const bobsDraft = await storeAgent(app, bob);
      expect((await post('orchestrate/graph', alice, { nodes: [{ id: 'x', agent_id: bobsDraft.id }], message: 'Hi' })).status).toBe(404);
      expect((await post('orchestrate/graph', undefined, { nodes, message: 'Hi' })).status).toBe(401);
    });
  });
});

describe('Orchestration limits and real-model routing', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: upstream.baseUrl,
      LLM_MAX_RETRIES: '0',
      CHAT_RATE_PER_MINUTE: '3',
    });
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  it('When the model routes to the second agent, Then that agent answers, after one routing call that listed both candidates', async () => {
    const user = await signUp(app.platformUrl);
    const model = { provider: 'openai', modelName: 'gpt-test', temperature: 0.1 };
    const first = await storeAgent(app, user, { name: 'First', modelConfig: model });
    const second = await storeAgent(app, user, { name: 'Second', modelConfig: model });
    upstream.enqueue({ reply: { content: JSON.stringify({ agent_id: second.id, reason: 'fits' }) } });

    const response = await request<OrchestrateBody>('POST', `${app.platformUrl}/api/v1/agent-chat/orchestrate`, {
      token: user.token,
      body: { mode: 'route', agent_ids: [first.id, second.id], message: 'Which one?' },
    });

    expect(response.status).toBe(200);
    expect(response.body.steps).toEqual([{ agent_id: second.id, output: 'Echo: Which one?' }]);
    const calls = upstream.requestsTo('/v1/chat/completions');
    expect(calls).toHaveLength(2);
    const routing = JSON.parse(calls[0].body.messages[1].content);
    expect(routing.candidates.map((c: { agent_id: string }) => c.agent_id)).toEqual([first.id, second.id]);
  });

  it('When the provider fails, Then the orchestration is a 502 naming no provider detail, for the router and for an agent step', async () => {
    const user = await signUp(app.platformUrl);
    const model = { provider: 'openai', modelName: 'gpt-test', temperature: 0.1 };
    const first = await storeAgent(app, user, { modelConfig: model });
    const second = await storeAgent(app, user, { modelConfig: model });
    upstream.enqueue({ status: 500 }, { status: 500 });
    const orchestrate = (mode: string) =>
      request<ErrorBody>('POST', `${app.platformUrl}/api/v1/agent-chat/orchestrate`, {
        token: user.token,
        body: { mode, agent_ids: [first.id, second.id], message: 'Hi' },
      });

    for (const refused of [await orchestrate('route'), await orchestrate('sequential')]) {
      expect(refused.status).toBe(502);
      expect(refused.body).toEqual({ error: 'upstream_error', message: 'The model provider failed to answer' });
    }
  });

  it('When a user orchestrates past the chat rate, Then 429 with Retry-After, and chat shares the same allowance', async () => {
    const user = await signUp(app.platformUrl);
    const agent = await storeAgent(app, user);
    const orchestrate = () =>
      request<ErrorBody>('POST', `${app.platformUrl}/api/v1/agent-chat/orchestrate`, {
        token: user.token,
        body: { mode: 'sequential', agent_ids: [agent.id], message: 'Hi' },
      });
    expect((await orchestrate()).status).toBe(200);
    expect((await request('POST', `${app.platformUrl}/api/v1/agent-chat/${agent.id}`, { token: user.token, body: { message: 'Hi' } })).status).toBe(200);
    expect((await orchestrate()).status).toBe(200);

    const refused = await orchestrate();

    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('rate_limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
