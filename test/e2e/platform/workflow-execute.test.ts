import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { JOB_QUEUE, JobQueue } from '../../../core/ports/job-queue.port';
import { EXECUTION_RUN_JOB, executionRunPayload } from '../../../core/services/executions/execution-run-job';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { anExecution } from '../../fixtures/workflows/workflow.mother';
import { ISO_INSTANT, UUID_PATTERN } from '../../support/agents-api';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { Json, templateWorkflow, UNKNOWN_ID, workflowsApi } from '../../support/workflows-api';

interface ExecutionBody {
  id: string;
  status: string;
  success: boolean | null;
  output: unknown;
  steps: Json[];
  target_version: number;
  [field: string]: unknown;
}

/** A promise the test settles when it wants the held model call to be answered. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** start → llm → a template node that says which version it is → end. */
function versionedWorkflow(version: string): Json {
  return {
    name: `Pinned ${version}`,
    nodes: [
      { id: 'start', type: 'start' },
      { id: 'ask', type: 'llm', config: { prompt: 'Say {{input.word}}' } },
      { id: 'say', type: 'template', config: { template: `${version} says: {{last}}` } },
      { id: 'end', type: 'end' },
    ],
    edges: [
      { source: 'start', target: 'ask' },
      { source: 'ask', target: 'say' },
      { source: 'say', target: 'end' },
    ],
  };
}

/**
 * `POST /workflows/{id}/execute`: waits for the run or answers 202, and the execution pins the
 * version it started with. The model is a fake OpenAI server whose answers the test holds back, so
 * a run is in progress exactly as long as the test wants.
 */
describe('Platform Workflows API: execute', () => {
  const upstream = new FakeOpenAiServer();
  let app: StartedApp;
  let api: ReturnType<typeof workflowsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    await upstream.start();
    app = await startApp({
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: upstream.baseUrl,
      LLM_RETRY_BASE_MS: '0',
      EXECUTE_WAIT_SECONDS: '3',
    });
    api = workflowsApi(app.platformUrl);
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
  });

  const execute = (id: string, body: Json, as: PlatformUser = ada) => api.call<ExecutionBody>('POST', `/${id}/execute`, as, body);
  const get = (id: string) => request<ExecutionBody>('GET', `${app.platformUrl}/api/v1/executions/${id}`, { token: ada.token });
  const act = (id: string, action: 'pause' | 'resume') =>
    request<ExecutionBody>('POST', `${app.platformUrl}/api/v1/executions/${id}/${action}`, { token: ada.token });
  const until = (id: string, done: (body: ExecutionBody) => boolean) =>
    eventually(async () => {
      const current = await get(id);
      return done(current.body) ? current.body : undefined;
    });

  it('When the run ends within the wait, Then 200 answers the finished execution record of the current version', async () => {
    const workflow = await api.create(ada, templateWorkflow('Greeter', 'Hello {{input.name}}'));
    await api.update(ada, workflow.id, templateWorkflow('Greeter', 'Hi {{input.name}}'));

    const res = await execute(workflow.id, { input: { name: 'Ada' } });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(UUID_PATTERN),
      agent_id: null,
      workflow_id: workflow.id,
      target_type: 'workflow',
      target_id: workflow.id,
      target_version: 2,
      mode: 'graph',
      status: 'completed',
      success: true,
      input: { name: 'Ada' },
      output: 'Hi Ada',
      error: null,
      trigger: 'api',
      created_at: expect.stringMatching(ISO_INSTANT),
      finished_at: expect.stringMatching(ISO_INSTANT),
    });
    expect(res.body.steps.map((step) => [step.node_id, step.status])).toEqual([
      ['start', 'completed'],
      ['greet', 'completed'],
      ['end', 'completed'],
    ]);
    expect((await get(res.body.id)).body).toEqual(res.body);
  });

  it('When no input is sent, Then the run gets {} and templates render its missing fields empty', async () => {
    const workflow = await api.create(ada, templateWorkflow('Greeter', 'Hello {{input.name}}!'));
    const res = await execute(workflow.id, {});
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ input: {}, output: 'Hello !', status: 'completed' });
  });

  it('When async is set, Then 202 answers the pending record at once and the run completes in the background', async () => {
    const workflow = await api.create(ada, templateWorkflow('Greeter', 'Hello {{input.name}}'));
    const res = await execute(workflow.id, { input: { name: 'Bob' }, async: true });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'pending', success: null, target_version: 1, finished_at: null });
    expect(await until(res.body.id, (body) => body.status === 'completed')).toMatchObject({ success: true, output: 'Hello Bob' });
  });

  it('When the run outlasts EXECUTE_WAIT_SECONDS, Then 202 answers the running record and the run goes on', async () => {
    const held = gate();
    upstream.enqueue({ holdUntil: held.opened, reply: { content: 'late' } });
    const workflow = await api.create(ada, versionedWorkflow('v1'));
    const res = await execute(workflow.id, { input: { word: 'hi' } });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'running', success: null });
    held.open();
    expect(await until(res.body.id, (body) => body.status === 'completed')).toMatchObject({ output: 'v1 says: late' });
  });

  it("When another user executes someone's workflow, or the workflow is unknown, Then 404 and no execution is stored", async () => {
    const workflow = await api.create(ada, templateWorkflow('Private', 'x'));
    for (const res of [await execute(workflow.id, { input: {} }, bob), await execute(UNKNOWN_ID, { input: {} })]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
    const listed = await request<{ total: number }>('GET', `${app.platformUrl}/api/v1/executions?target_id=${workflow.id}`, { token: bob.token });
    expect(listed.body.total).toBe(0);
  });

  it('When the workflow is edited while its run is paused, Then the resumed run still runs the version it started with', async () => {
    const held = gate();
    upstream.enqueue({ holdUntil: held.opened, reply: { content: 'first' } });
    const workflow = await api.create(ada, versionedWorkflow('v1'));
    const started = await execute(workflow.id, { input: { word: 'hi' }, async: true });
    expect(started.status).toBe(202);
    const { id } = started.body;
    await eventually(async () => (upstream.requests.length > 0 ? true : undefined));

    expect((await act(id, 'pause')).body).toMatchObject({ status: 'paused' });
    held.open();
    // The llm step ends, the run stops at that step boundary and lets its lease go.
    await until(id, (body) => body.status === 'paused' && body.steps.length > 0);
    const edited = await api.update(ada, workflow.id, versionedWorkflow('v2'));
    expect(edited.version).toBe(2);

    const resumed = await act(id, 'resume');
    expect(resumed.body.status).toBe('pending');
    const done = await until(id, (body) => body.status === 'completed');
    expect(done).toMatchObject({ target_version: 1, success: true, output: expect.stringMatching(/^v1 says: /) });

    const fresh = await execute(workflow.id, { input: { word: 'hi' } });
    expect(fresh.body).toMatchObject({ target_version: 2, status: 'completed', output: expect.stringMatching(/^v2 says: /) });
  });

  it('When the workflow is edited while its run waits in the queue, Then the worker runs the version the run was queued with', async () => {
    const workflow = await api.create(ada, versionedWorkflow('v1'));
    // A run queued at version 1 whose job is delivered only after the edit (as when workers are busy).
    const queued = anExecution({ ownerId: ada.id, targetType: 'workflow', targetId: workflow.id, targetVersion: 1, input: { word: 'hi' } });
    const { container } = app.services.app;
    await container.get<ExecutionRepository>(EXECUTION_REPOSITORY).create(queued);
    await api.update(ada, workflow.id, versionedWorkflow('v2'));

    await container.get<JobQueue>(JOB_QUEUE).publish(EXECUTION_RUN_JOB, executionRunPayload(queued.id));

    const done = await until(queued.id, (body) => body.status === 'completed');
    expect(done).toMatchObject({ target_version: 1, output: expect.stringMatching(/^v1 says: /) });
    expect(done.steps.map((step) => step.node_id)).toEqual(['start', 'ask', 'say', 'end']);
  });
});
