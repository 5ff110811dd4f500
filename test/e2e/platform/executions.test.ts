import { Agent } from '../../../core/domain/agent/agent.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
interface ExecutionBody {
  id: string;
  status: string;
  success: boolean | null;
  output: Json | null;
  error: { code: string; message: string } | null;
  [field: string]: unknown;
}
interface PageBody {
  items: ExecutionBody[];
  total: number;
  page: number;
  page_size: number;
}

/** A promise the test settles when it wants the held model call to be answered. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/**
 * Following and steering executions: the wait bound, list and status, pause, resume and cancel.
 * The model is a fake OpenAI server whose answers the test holds back, so a run is in progress
 * exactly as long as the test wants, with no timing guess.
 */
describe('Executions over HTTP', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;
  const url = (path: string) => `${app.platformUrl}/api/v1${path}`;

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: upstream.baseUrl,
      LLM_RETRY_BASE_MS: '0',
      EXECUTE_WAIT_SECONDS: '3',
    });
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  const storedAgent = async (overrides: Partial<Agent> = {}): Promise<Agent> => {
    const agent = anAgent({ ownerId: ada.id, includeTools: [], ...overrides });
    await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    return agent;
  };
  const execute = (agentId: string, body: Json) => request<ExecutionBody>('POST', url(`/agents/${agentId}/execute`), { token: ada.token, body });
  const get = (id: string, as: PlatformUser = ada) => request<ExecutionBody>('GET', url(`/executions/${id}`), { token: as.token });
  const act = (id: string, action: 'pause' | 'resume' | 'cancel', as: PlatformUser = ada) =>
    request<ExecutionBody>('POST', url(`/executions/${id}/${action}`), { token: as.token });
  const until = (id: string, done: (body: ExecutionBody) => boolean) =>
    eventually(async () => {
      const current = await get(id);
      return done(current.body) ? current.body : undefined;
    });
  /** Starts an agent run whose first model call is held until `held.open()`. */
  const heldRun = async () => {
    const held = gate();
    upstream.enqueue({ holdUntil: held.opened });
    const agent = await storedAgent();
    const started = await execute(agent.id, { input: 'Summarise the minutes', async: true });
    expect(started.status).toBe(202);
    await eventually(async () => (upstream.requests.length > 0 ? true : undefined));
    return { agent, held, id: started.body.id };
  };

  describe('waiting', () => {
    it('When the run outlasts EXECUTE_WAIT_SECONDS, Then 202 answers the running record and the run goes on to complete', async () => {
      const held = gate();
      upstream.enqueue({ holdUntil: held.opened, reply: { content: 'Minutes, summarised.' } });
      const agent = await storedAgent();

      const res = await execute(agent.id, { input: 'Summarise the minutes' });

      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: 'running', success: null, attempt: 1, finished_at: null });
      held.open();
      expect(await until(res.body.id, (body) => body.status === 'completed')).toMatchObject({ success: true, output: { reply: 'Minutes, summarised.' } });
    });

    it('When the run ends within the wait, Then 200 answers the finished record', async () => {
      const agent = await storedAgent();
      const res = await execute(agent.id, { input: 'Quick one' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'completed', output: { reply: 'Echo: Quick one' } });
    });
  });

  describe('GET /executions', () => {
    it('When listed, Then only the caller’s records come, newest first, filtered by target and status, in the shared page shape', async () => {
      const agent = await storedAgent();
      const first = await execute(agent.id, { input: 'one' });
      const second = await execute(agent.id, { input: 'two' });
      const other = await execute((await storedAgent()).id, { input: 'three' });

      const page = await request<PageBody>('GET', url(`/executions?target_type=agent&target_id=${agent.id}&status=completed&page_size=1`), {
        token: ada.token,
      });
      expect(page.status).toBe(200);
      expect({ ...page.body, items: page.body.items.map((item) => item.id) }).toEqual({ items: [second.body.id], total: 2, page: 1, page_size: 1 });
      const all = await request<PageBody>('GET', url('/executions?page_size=100'), { token: ada.token });
      expect(all.body.items.map((item) => item.id)).toEqual(expect.arrayContaining([first.body.id, second.body.id, other.body.id]));
      expect((await request<PageBody>('GET', url('/executions'), { token: bob.token })).body).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
    });

    it('When a filter is not one the API knows, Then 422 names it', async () => {
      const res = await request('GET', url('/executions?status=sleeping&page_size=500'), { token: ada.token });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: expect.arrayContaining([expect.objectContaining({ field: 'status' }), expect.objectContaining({ field: 'page_size' })]),
      });
    });
  });

  describe('pause and resume', () => {
    it('When a running execution is paused, Then it stops and is paused; resumed, Then it runs again to completion', async () => {
      const { id, held } = await heldRun();
      await until(id, (body) => body.status === 'running');

      const paused = await act(id, 'pause');
      expect(paused.status).toBe(200);
      expect(paused.body).toMatchObject({ id, status: 'paused', success: null });
      // The agent loop stops where it checks its signal: the model call in flight is abandoned.
      await eventually(async () => upstream.requests[0].abandoned);
      held.open();
      expect((await get(id)).body.status).toBe('paused');

      const resumed = await act(id, 'resume');
      expect(resumed.status).toBe(200);
      expect(['pending', 'running']).toContain(resumed.body.status);
      expect(await until(id, (body) => body.status === 'completed')).toMatchObject({ success: true, output: { reply: 'Echo: Summarise the minutes' } });
      expect(upstream.requests).toHaveLength(2);
    });

    it('When the move does not apply to the status, Then 409 conflict', async () => {
      const agent = await storedAgent();
      const done = await execute(agent.id, { input: 'done already' });
      expect(done.body.status).toBe('completed');
      for (const action of ['pause', 'resume', 'cancel'] as const) {
        const res = await act(done.body.id, action);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({ error: 'conflict', message: expect.stringContaining(`Cannot ${action} an execution that is completed`) });
      }
    });
  });

  describe('cancel', () => {
    it('When a running execution is cancelled, Then it is cancelled at once and its model call aborted', async () => {
      const { id, held } = await heldRun();
      await until(id, (body) => body.status === 'running');

      const res = await act(id, 'cancel');

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id,
        status: 'cancelled',
        success: false,
        error: { code: 'execution.cancelled', message: 'The execution was cancelled' },
      });
      await eventually(async () => upstream.requests[0].abandoned);
      held.open();
      expect((await get(id)).body).toMatchObject({ status: 'cancelled', success: false, finished_at: expect.any(String) });
      expect(upstream.requests).toHaveLength(1);
      expect((await act(id, 'resume')).status).toBe(409);
    });
  });

  describe('another user', () => {
    it('When someone else reads or steers an execution, Then 404, and the record is untouched', async () => {
      const { id, held } = await heldRun();
      for (const res of [await get(id, bob), await act(id, 'pause', bob), await act(id, 'resume', bob), await act(id, 'cancel', bob)]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'not_found', message: `Execution "${id}" not found` });
      }
      held.open();
      await until(id, (body) => body.status === 'completed');
      expect((await get('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    });
  });
});
