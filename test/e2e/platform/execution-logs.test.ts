import { Agent } from '../../../core/domain/agent/agent.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { aWorkflow, anExecution, linearGraph, node } from '../../fixtures/workflows/workflow.mother';
import { request } from '../../support/http-client';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
interface Page {
  items: Json[];
  total: number;
  page: number;
  page_size: number;
}

const SECRET = 'sk-live-do-not-show-0123456789';

/** `/execution-logs`: an execution's steps (redacted), LLM calls, run events, performance, call chain and statistics, for its owner only. */
describe('Execution logs over HTTP', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let admin: PlatformUser;
  const url = (path: string) => `${app.platformUrl}/api/v1/execution-logs${path}`;
  const get = <T = Json>(path: string, as: PlatformUser = ada) => request<T>('GET', url(path), { token: as.token });

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: upstream.baseUrl,
      LLM_RETRY_BASE_MS: '0',
      ADMIN_EMAILS: 'root@example.com',
      ADMIN_INITIAL_PASSWORD: TEST_PASSWORD,
    });
    [ada, bob, admin] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  const storedAgent = async (owner: PlatformUser = ada): Promise<Agent> => {
    const agent = anAgent({ ownerId: owner.id, includeTools: ['calculator'] });
    await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    return agent;
  };
  /** An agent run whose model first calls the calculator with a credential among its arguments, then answers. */
  const toolRun = async (owner: PlatformUser = ada): Promise<string> => {
    const args = JSON.stringify({ expression: '6*7', api_key: SECRET });
    upstream.enqueue({
      reply: { content: '', toolCalls: [{ id: 'call_1', name: 'calculator', arguments: args }], finish: 'tool_calls', promptTokens: 12, completionTokens: 5 },
    });
    upstream.enqueue({ reply: { content: 'It is 42.', promptTokens: 20, completionTokens: 4 } });
    const agent = await storedAgent(owner);
    const res = await request<Json>('POST', `${app.platformUrl}/api/v1/agents/${agent.id}/execute`, { token: owner.token, body: { input: 'What is 6*7?' } });
    expect(res.body.status).toBe('completed');
    return res.body.id as string;
  };

  describe('GET /execution-logs/{execution_id}', () => {
    it('When the owner reads a log, Then the steps come in order with their kind, input and output, and a credential in a tool input is redacted', async () => {
      const id = await toolRun();

      const res = await get(`/${id}`);

      expect(res.status).toBe(200);
      expect(res.text).not.toContain(SECRET);
      expect(res.body).toMatchObject({
        execution_id: id,
        target_type: 'agent',
        status: 'completed',
        success: true,
        trigger: 'api',
        parent_execution_id: null,
        step_count: 3,
        token_usage: { prompt_tokens: 32, completion_tokens: 9, total_tokens: 41 },
        llm_calls: 2,
        output: { reply: 'It is 42.' },
        duration_ms: expect.any(Number),
      });
      const steps = res.body.steps as Json[];
      expect(steps.map((step) => [step.index, step.type, step.name])).toEqual([
        [0, 'llm', 'llm'],
        [1, 'tool', 'calculator'],
        [2, 'llm', 'llm'],
      ]);
      expect(steps[1]).toMatchObject({ input: { expression: '6*7', api_key: '[redacted]' }, record: { arguments: { api_key: '[redacted]' } } });
      expect(steps[2]).toMatchObject({ status: 'completed', output: 'It is 42.' });
    });

    it('When another user or nobody asks, Then 404 and 401', async () => {
      const id = await toolRun();
      expect(await get(`/${id}`, bob)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect((await request('GET', url(`/${id}`))).status).toBe(401);
      for (const path of ['/steps/0', '/llm-calls', '/events', '/performance', '/call-chain']) {
        expect([path, (await get(`/${id}${path}`, bob)).status]).toEqual([path, 404]);
      }
    });
  });

  describe('administrators', () => {
    it('When an admin reads another user’s log, Then it is shown (redacted), and the admin’s statistics count everyone’s executions', async () => {
      const id = await toolRun(bob);
      const res = await get(`/${id}`, admin);
      expect(res).toMatchObject({ status: 200, body: { execution_id: id, steps: expect.any(Array) } });
      expect(res.text).not.toContain(SECRET);
      const own = (await get<{ total: number }>('/statistics')).body.total;
      expect((await get<{ total: number }>('/statistics', admin)).body.total).toBeGreaterThan(own);
    });
  });

  describe('GET /execution-logs/{execution_id}/steps/{index}', () => {
    it('When a step is asked for by index, Then it comes alone; past the end, Then 404', async () => {
      const id = await toolRun();
      expect((await get(`/${id}/steps/1`)).body).toMatchObject({ index: 1, type: 'tool', name: 'calculator', input: { api_key: '[redacted]' } });
      expect((await get(`/${id}/steps/3`)).status).toBe(404);
    });
  });

  describe('GET /execution-logs/{execution_id}/llm-calls', () => {
    it('When the model calls are listed, Then each attempt comes with its tokens and latency, oldest first, in the shared page shape', async () => {
      const id = await toolRun();
      const res = await get<Page>(`/${id}/llm-calls`);
      expect(res.status).toBe(200);
      expect({ ...res.body, items: res.body.items.map((call) => [call.prompt_tokens, call.completion_tokens, call.outcome]) }).toEqual({
        items: [
          [12, 5, 'success'],
          [20, 4, 'success'],
        ],
        total: 2,
        page: 1,
        page_size: 20,
      });
      expect(res.body.items[0]).toMatchObject({ provider: 'openai', attempt: 1, latency_ms: expect.any(Number), total_tokens: 17 });
    });
  });

  describe('GET /execution-logs/{execution_id}/events', () => {
    it('When the run events are read, Then they come in seq order; after a seq, Then only the later ones', async () => {
      const id = await toolRun();
      const all = await get<Json[]>(`/${id}/events`);
      expect(all.body.map((event) => [event.seq, event.type])).toEqual([
        [1, 'status'],
        [2, 'step'],
        [3, 'step'],
        [4, 'step'],
        [5, 'status'],
        [6, 'done'],
      ]);
      expect(all.body[2]).toMatchObject({ name: 'calculator', detail: { index: 1, type: 'tool' } });
      expect((await get<Json[]>(`/${id}/events?after=4`)).body.map((event) => event.seq)).toEqual([5, 6]);
      expect((await get(`/${id}/events?after=-3`)).status).toBe(400);
    });
  });

  describe('GET /execution-logs/{execution_id}/performance', () => {
    it('When the performance is asked for, Then model time comes from the LLM call log, tool calls are counted and tokens are summed', async () => {
      const id = await toolRun();
      const res = await get(`/${id}/performance`);
      expect(res.body).toMatchObject({
        execution_id: id,
        step_count: 3,
        model: { calls: 2, latency_ms: expect.any(Number), prompt_tokens: 32, completion_tokens: 9 },
        tools: { calls: 1 },
        slowest_steps: expect.any(Array),
        tokens_per_step: expect.any(Array),
      });
    });
  });

  describe('GET /execution-logs/{execution_id}/call-chain', () => {
    it('When an agent’s tool runs a workflow, Then the workflow’s execution records the agent’s as its parent and both chains show it', async () => {
      const workflow = aWorkflow({ ownerId: ada.id, graph: linearGraph(node('hello', 'template', { template: 'Hello, {{input.name}}!' })) });
      await app.services.app.container.get<WorkflowRepository>(WORKFLOW_REPOSITORY).create(workflow);
      const args = JSON.stringify({ workflow_id: workflow.id, input: { name: 'Ada' } });
      upstream.enqueue({ reply: { content: '', toolCalls: [{ id: 'call_1', name: 'run_workflow', arguments: args }], finish: 'tool_calls' } });
      upstream.enqueue({ reply: { content: 'The workflow said hello.' } });
      const agent = anAgent({ ownerId: ada.id, includeTools: ['run_workflow'] });
      await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
      const run = await request<Json>('POST', `${app.platformUrl}/api/v1/agents/${agent.id}/execute`, { token: ada.token, body: { input: 'Greet Ada' } });
      expect(run.body.status).toBe('completed');

      const chain = await get<{ path: string[]; root: Json & { children: Json[] } }>(`/${run.body.id as string}/call-chain`);

      expect(chain.body.path).toEqual([run.body.id]);
      expect(chain.body.root.children).toEqual([
        expect.objectContaining({
          target_type: 'workflow',
          target_id: workflow.id,
          trigger: 'tool',
          parent_execution_id: run.body.id,
          status: 'completed',
          children: [],
        }),
      ]);
      const childId = chain.body.root.children[0].execution_id as string;
      const record = await request<Json>('GET', `${app.platformUrl}/api/v1/executions/${childId}`, { token: ada.token });
      expect(record.body).toMatchObject({ trigger: 'tool', parent_execution_id: run.body.id });
      expect((await get<{ path: string[] }>(`/${childId}/call-chain`)).body.path).toEqual([run.body.id, childId]);
    });

    it('When a nested run is asked for, Then the chain goes up to its root and down through every run started from it', async () => {
      const executions = app.services.app.container.get<ExecutionRepository>(EXECUTION_REPOSITORY);
      const at = (second: number) => new Date(Date.UTC(2025, 0, 1, 0, 0, second));
      const root = anExecution({ ownerId: ada.id, targetType: 'agent', mode: 'agent', createdAt: at(0) });
      const child = anExecution({ ownerId: ada.id, trigger: 'tool', parentExecutionId: root.id, createdAt: at(1) });
      const grandchild = anExecution({ ownerId: ada.id, trigger: 'tool', parentExecutionId: child.id, createdAt: at(2) });
      const sibling = anExecution({ ownerId: ada.id, trigger: 'tool', parentExecutionId: root.id, createdAt: at(3) });
      for (const record of [root, child, grandchild, sibling]) await executions.create(record);

      const res = await get<{ path: string[]; root: Json & { children: Array<Json & { children: Json[] }> }; truncated: boolean }>(
        `/${grandchild.id}/call-chain`,
      );

      expect(res.status).toBe(200);
      expect(res.body.path).toEqual([root.id, child.id, grandchild.id]);
      expect(res.body.truncated).toBe(false);
      expect(res.body.root.execution_id).toBe(root.id);
      expect(res.body.root.children.map((node) => node.execution_id)).toEqual([child.id, sibling.id]);
      expect(res.body.root.children[0].children).toEqual([
        expect.objectContaining({ execution_id: grandchild.id, parent_execution_id: child.id, children: [] }),
      ]);
    });
  });

  describe('GET /execution-logs and /execution-logs/statistics', () => {
    it('When a user lists logs and statistics, Then only their executions count, filtered by status and time, in the shared page shape', async () => {
      const carol = await signUp(app.platformUrl);
      const before = new Date().toISOString();
      const first = await toolRun(carol);
      const second = await toolRun(carol);

      const page = await get<Page>(`/?status=completed&since=${encodeURIComponent(before)}&page_size=1`, carol);
      expect({ ...page.body, items: page.body.items.map((item) => item.execution_id) }).toEqual({ items: [second], total: 2, page: 1, page_size: 1 });
      expect(page.body.items[0]).toMatchObject({ step_count: 3, token_usage: { total_tokens: 41 } });
      expect((await get<Page>(`/?until=${encodeURIComponent(before)}`, carol)).body.total).toBe(0);
      expect((await get(`/?since=yesterday`, carol)).body).toMatchObject({ error: 'validation_error', details: [{ field: 'since' }] });

      const stats = await get(`/statistics`, carol);
      expect(stats.body).toEqual({
        total: 2,
        by_status: { pending: 0, running: 0, paused: 0, completed: 2, failed: 0, cancelled: 0 },
        average_duration_ms: expect.any(Number),
        token_usage: { prompt_tokens: 64, completion_tokens: 18, total_tokens: 82 },
        llm_calls: 4,
      });
      expect(first).not.toBe(second);
      expect((await get<Page>('/', bob)).body.items.map((item) => item.execution_id)).not.toContain(first);
    });
  });
});
