import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { aWorkflow, linearGraph, node } from '../../fixtures/workflows/workflow.mother';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
interface UseAnswer {
  success: boolean;
  result?: Json;
  error?: { code: string; message: string };
  receipt: { tool_id: string; capabilities_used: string[] };
}

/**
 * The five `platform` tools through `POST /tools/{id}/use` on the running server: the kernel's
 * `platform` capability reaches the real agent, workflow, task and schedule services, and the
 * server's scheduler fires what `schedule_run` stored.
 */
describe('Platform tools through the Tools API', () => {
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ SCHEDULER_TICK_MS: '1000' });
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const get = <T>(token: symbol) => app.services.app.container.get<T>(token);
  const use = async (tool: string, args: Json, as: PlatformUser = ada) => {
    const res = await request<UseAnswer>('POST', `${app.platformUrl}/api/v1/tools/${tool}/use`, { token: as.token, body: { arguments: args } });
    expect(res.status).toBe(200);
    return res.body;
  };
  const storedWorkflow = async (owner: PlatformUser) => {
    const workflow = aWorkflow({ ownerId: owner.id, graph: linearGraph(node('hello', 'template', { template: 'Hello, {{input.name}}!' })) });
    await get<WorkflowRepository>(WORKFLOW_REPOSITORY).create(workflow);
    return workflow;
  };

  it('When health is asked, Then all 56 built-in tools are loaded and ready', async () => {
    const res = await request('GET', `${app.platformUrl}/health`);
    expect(res.body).toMatchObject({ status: 'ok', builtin_tools: { count: 56, ready: true } });
  });

  it('When the built-ins are listed, Then there are 56 in 11 categories, five of them platform tools', async () => {
    const builtin = await request<{ items: { id: string; category: string }[]; total: number }>('GET', `${app.platformUrl}/api/v1/tools/builtin`, {
      token: ada.token,
    });
    expect(builtin.body.total).toBe(56);
    expect(new Set(builtin.body.items.map((t) => t.category)).size).toBe(11);
    expect(
      builtin.body.items
        .filter((t) => t.category === 'platform')
        .map((t) => t.id)
        .sort(),
    ).toEqual(['call_agent', 'create_task', 'run_workflow', 'schedule_run', 'update_task_status']);
  });

  it('When a task is created and moved through its states by tools, Then each move is stored and an illegal one is a conflict', async () => {
    const created = await use('create_task', { title: 'Draft the release notes', priority: 'high' });
    expect(created).toMatchObject({
      success: true,
      result: { title: 'Draft the release notes', status: 'pending', priority: 'high' },
      receipt: { capabilities_used: ['platform'] },
    });
    const taskId = created.result?.id as string;

    expect((await use('update_task_status', { task_id: taskId, status: 'claimed' })).result).toMatchObject({
      previous_status: 'pending',
      action: 'claim',
      task: { status: 'claimed' },
    });
    const done = await use('update_task_status', { task_id: taskId, status: 'completed', result: { url: 'https://example.com/notes' } });
    expect(done.result).toMatchObject({ action: 'complete', task: { status: 'completed', result: { url: 'https://example.com/notes' } } });

    const illegal = await use('update_task_status', { task_id: taskId, status: 'claimed' });
    expect(illegal).toMatchObject({
      success: false,
      error: { code: 'runtime_error', reason: 'conflict', message: expect.stringMatching(/^Cannot move a task that is completed/) },
    });
  });

  it('When another user moves the task, Then it is not found for them', async () => {
    const created = await use('create_task', { title: 'Private task' });
    const foreign = await use('update_task_status', { task_id: created.result?.id as string, status: 'claimed' }, bob);
    expect(foreign).toMatchObject({ success: false, error: { code: 'runtime_error', reason: 'not_found', message: expect.stringMatching(/not found/) } });
  });

  it('When a stored agent is called, Then its reply comes from the configured (offline) model', async () => {
    const agent = anAgent({ ownerId: ada.id, includeTools: [], systemPrompt: 'You answer briefly.' });
    await get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    const answer = await use('call_agent', { agent_id: agent.id, message: 'What is the capital of France?' });
    expect(answer).toMatchObject({ success: true, result: { agent_id: agent.id, success: true, iterations: 1, reply: expect.stringContaining('offline') } });
    expect(await use('call_agent', { agent_id: agent.id, message: 'hi' }, bob)).toMatchObject({
      success: false,
      error: { code: 'runtime_error', reason: 'not_found', message: expect.stringMatching(/not found/) },
    });
  });

  it('When a stored workflow is run, Then the execution is completed with its output and stored', async () => {
    const workflow = await storedWorkflow(ada);
    const answer = await use('run_workflow', { workflow_id: workflow.id, input: { name: 'Ada' } });
    expect(answer).toMatchObject({ success: true, result: { workflow_id: workflow.id, status: 'completed', success: true, output: 'Hello, Ada!' } });
    const stored = await get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(answer.result?.execution_id as string);
    expect(stored).toMatchObject({ ownerId: ada.id, trigger: 'tool', status: 'completed', output: 'Hello, Ada!' });
  });

  it('When a one-shot run is scheduled, Then the server’s scheduler fires it once and the execution completes', async () => {
    const workflow = await storedWorkflow(ada);
    const runAt = new Date(Date.now() + 1500).toISOString();
    const answer = await use('schedule_run', { target_type: 'workflow', target_id: workflow.id, run_at: runAt, input: { name: 'Scheduler' } });
    expect(answer).toMatchObject({ success: true, result: { target_id: workflow.id, run_at: runAt, enabled: true, next_run_at: runAt } });

    const schedules = get<ScheduleRepository>(SCHEDULE_REPOSITORY);
    const scheduleId = answer.result?.id as string;
    const fired = await eventually(async () => {
      const schedule = await schedules.findById(scheduleId);
      return schedule?.lastExecutionId ? schedule : undefined;
    });
    expect(fired).toMatchObject({ enabled: false, nextRunAt: null });
    const execution = await eventually(async () => {
      const found = await get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(fired.lastExecutionId as string);
      return found?.status === 'completed' ? found : undefined;
    });
    expect(execution).toMatchObject({ ownerId: ada.id, trigger: 'schedule', scheduleId, success: true, output: 'Hello, Scheduler!' });
  });
});

/** Polls until `probe` gives a value (at most 15 s): the scheduler ticks every second here. */
async function eventually<T>(probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not reached within 15 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
