import { Actor } from '../../../core/domain/auth/actor';
import { LlmCallBudget } from '../../../core/domain/llm/llm-call-budget';
import { Task } from '../../../core/domain/task/task.entity';
import { Workflow } from '../../../core/domain/workflow/workflow.entity';
import { WorkflowGraph } from '../../../core/domain/workflow/workflow-graph';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { GOAL_REPOSITORY } from '../../../core/ports/goal-repository.port';
import { PLATFORM_GATEWAY } from '../../../core/ports/platform-gateway.port';
import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { TASK_REPOSITORY, TaskRepository } from '../../../core/ports/task-repository.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { JsonValue } from '../../../core/shared/json';
import { CapabilityHandler } from '../../../plugins/kernel/capabilities/capability-handler';
import { PlatformCapability } from '../../../plugins/kernel/capabilities/platform-capability';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { aGoal } from '../../fixtures/goals/goal.mother';
import { aTask as storedShapeTask } from '../../fixtures/tasks/task.mother';
import { aUser } from '../../fixtures/users/user.mother';
import { aWorkflow as storedShapeWorkflow } from '../../fixtures/workflows/workflow.mother';
import { createTestKernel, EchoLlmProvider, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { createPlatformServices, PlatformServices } from '../../support/platform-services';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { describeManifestExamples, failureOf, resultOf } from './builtin-tool-examples';

const BOB: Actor = { userId: 'user-2', role: 'user' };
// A Monday; fixed so that next run times are exact and the examples' dates lie ahead.
const NOW = '2029-11-05T06:30:00.000Z';
const PLATFORM_TOOLS = ['call_agent', 'run_workflow', 'create_task', 'update_task_status', 'schedule_run'];
// The ids the manifests' examples name.
const EXAMPLE_AGENT = '3b9f2c1e-8d4a-4f6b-9c2e-7a1d5e0f4b21';
const EXAMPLE_WORKFLOW = '5c2d8e4f-1a3b-4c5d-8e9f-0a1b2c3d4e5f';
const EXAMPLE_TASK = '9a7b6c5d-4e3f-4a1b-8c2d-1e0f9a8b7c6d';

const EXACTLY_ONE_TIMING = 'Give exactly one of cron (a recurring run, e.g. "0 9 * * 1-5") and run_at (a single run at an ISO 8601 date-time).';

const LLM_GRAPH: WorkflowGraph = {
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'draft', type: 'llm', config: { prompt: 'Draft: {{input.text}}' } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'draft' },
    { source: 'draft', target: 'end' },
  ],
};

const TOOL_GRAPH: WorkflowGraph = {
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'compute', type: 'tool', config: { tool_id: 'calculator', arguments: { expression: '{{input.expression}}' } } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'compute' },
    { source: 'compute', target: 'end' },
  ],
};

let storage: TestStorage;
let kernel: TestKernel;
let services: PlatformServices;
let llm: EchoLlmProvider;
let agents: AgentRepository;
let workflows: WorkflowRepository;
let executions: ExecutionRepository;
let tasks: TaskRepository;
let schedules: ScheduleRepository;

/** The test actor's own records, unless the test names another owner. */
const aWorkflow = (overrides: Partial<Workflow>): Workflow => storedShapeWorkflow({ ownerId: TEST_ACTOR.userId, ...overrides });
const aTask = (overrides: Partial<Task> = {}): Task => storedShapeTask({ ownerId: TEST_ACTOR.userId, description: '', ...overrides });

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  llm = new EchoLlmProvider();
  // The kernel is built first (the services run tools through it), so its platform handler is bound late.
  const late: { platform?: CapabilityHandler } = {};
  kernel = await createTestKernel({
    tools: [...PLATFORM_TOOLS, 'calculator'],
    llm,
    handlers: { platform: { handle: (method, args, context) => (late.platform as CapabilityHandler).handle(method, args, context) } },
  });
  services = createPlatformServices(storage, { llm, tools: kernel.registry, now: NOW });
  late.platform = new PlatformCapability(services.container.get(PLATFORM_GATEWAY));
  agents = storage.get(AGENT_REPOSITORY);
  workflows = storage.get(WORKFLOW_REPOSITORY);
  executions = storage.get(EXECUTION_REPOSITORY);
  tasks = storage.get(TASK_REPOSITORY);
  schedules = storage.get(SCHEDULE_REPOSITORY);
  // A queued execution runs as its owner, read from storage by the worker.
  await storage.get(USER_REPOSITORY).create(aUser({ id: TEST_ACTOR.userId, role: TEST_ACTOR.role }));
  await agents.create(anAgent({ id: EXAMPLE_AGENT, ownerId: TEST_ACTOR.userId, includeTools: [], systemPrompt: 'You explain billing incidents.' }));
  await workflows.create(aWorkflow({ id: EXAMPLE_WORKFLOW, graph: LLM_GRAPH }));
  await tasks.create(aTask({ id: EXAMPLE_TASK, title: 'Write the Q2 report' }));
});
afterAll(async () => {
  await kernel?.close();
  await storage?.destroy();
});
beforeEach(() => {
  llm.requests.length = 0;
  services.queue.jobs.length = 0;
});

describeManifestExamples(PLATFORM_TOOLS, () => kernel);

describe('call_agent', () => {
  it('When a stored agent is called, Then it runs with its own prompt and its reply comes back', async () => {
    const agent = anAgent({ ownerId: TEST_ACTOR.userId, includeTools: [], systemPrompt: 'You are the billing expert.' });
    await agents.create(agent);
    const result = await resultOf(kernel, 'call_agent', { agent_id: agent.id, message: 'Why were the May invoices late?' });
    const usage = 'You are the billing expert.'.length + 'Why were the May invoices late?'.length;
    const reply = 'echo: Why were the May invoices late?';
    expect(result).toEqual({
      agent_id: agent.id,
      success: true,
      reply,
      iterations: 1,
      tool_calls: [],
      token_usage: { prompt_tokens: usage, completion_tokens: reply.length, total_tokens: usage + reply.length },
    });
    expect(llm.requests.map((r) => r.messages.map((m) => m.role))).toEqual([['system', 'user']]);
  });

  it('When the calling run’s budget is spent, Then the nested run spends from it and answers why it stopped', async () => {
    const budget = new LlmCallBudget(0);
    const outcome = await kernel.invoke('call_agent', { agent_id: EXAMPLE_AGENT, message: 'hi' }, { budget });
    expect(outcome).toMatchObject({ success: true, result: { success: false, reply: '', error: { code: 'budget_exceeded' } } });
    expect(llm.requests).toHaveLength(0);
  });

  it('When the agent is another user’s draft, Then it is not found; a deployed one may be used', async () => {
    const draft = anAgent({ ownerId: BOB.userId, includeTools: [], status: 'draft' });
    const deployed = anAgent({ ownerId: BOB.userId, includeTools: [], status: 'deployed' });
    await agents.create(draft);
    await agents.create(deployed);
    const failure = await failureOf(kernel, 'call_agent', { agent_id: draft.id, message: 'hi' });
    expect(failure.error).toEqual({ code: 'runtime_error', reason: 'not_found', message: `Agent "${draft.id}" not found` });
    expect(await resultOf(kernel, 'call_agent', { agent_id: deployed.id, message: 'hi' })).toMatchObject({ success: true, reply: 'echo: hi' });
  });
});

describe('run_workflow', () => {
  it('When a start → llm → end workflow runs and waits, Then the finished execution is stored and returned', async () => {
    const workflow = aWorkflow({ graph: LLM_GRAPH });
    await workflows.create(workflow);
    const result = await resultOf<{ execution_id: string }>(kernel, 'run_workflow', { workflow_id: workflow.id, input: { text: 'refund request' } });
    expect(result).toEqual({
      execution_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      workflow_id: workflow.id,
      status: 'completed',
      success: true,
      output: 'echo: Draft: refund request',
      steps_count: 3,
      token_usage: expect.objectContaining({ total_tokens: expect.any(Number) }),
      error: null,
      started_at: NOW,
      finished_at: NOW,
    });
    expect(await executions.findById(result.execution_id)).toMatchObject({
      ownerId: TEST_ACTOR.userId,
      trigger: 'tool',
      status: 'completed',
      input: { text: 'refund request' },
    });
  });

  it('When a workflow with a tool node runs, Then the sandboxed tool computes inside the nested run', async () => {
    const workflow = aWorkflow({ graph: TOOL_GRAPH });
    await workflows.create(workflow);
    const result = await resultOf(kernel, 'run_workflow', { workflow_id: workflow.id, input: { expression: '2 + 3 * 4' }, wait: true });
    expect(result).toMatchObject({ status: 'completed', success: true, output: { value: 14 }, steps_count: 3 });
  });

  it('When a node of the workflow fails, Then the answer is the failed execution with its error, not a failed call', async () => {
    const graph: WorkflowGraph = {
      ...TOOL_GRAPH,
      nodes: TOOL_GRAPH.nodes.map((node) => (node.id === 'compute' ? { ...node, config: { tool_id: 'no_such_tool' } } : node)),
    };
    const workflow = aWorkflow({ graph });
    await workflows.create(workflow);
    const result = await resultOf(kernel, 'run_workflow', { workflow_id: workflow.id, input: {} });
    expect(result).toMatchObject({
      status: 'failed',
      success: false,
      output: null,
      error: { code: 'tool.not_found', message: 'Tool "no_such_tool" not found' },
      finished_at: NOW,
    });
  });

  it('When it is started without waiting, Then a pending execution is queued, and the worker’s execution.run runs it', async () => {
    const workflow = aWorkflow({ graph: LLM_GRAPH });
    await workflows.create(workflow);
    const result = await resultOf<{ execution_id: string }>(kernel, 'run_workflow', {
      workflow_id: workflow.id,
      input: { text: 'nightly digest' },
      wait: false,
    });
    expect(result).toMatchObject({
      workflow_id: workflow.id,
      status: 'pending',
      success: null,
      output: null,
      steps_count: 0,
      error: null,
      started_at: null,
      finished_at: null,
    });
    const jobs = services.queue.jobs.filter((job) => job.type === 'execution.run');
    expect(jobs).toHaveLength(1);
    await services.jobHandler('execution.run').handle({ id: jobs[0].jobId ?? 'job-1', type: 'execution.run', payload: jobs[0].payload, attempt: 1 });
    expect(await executions.findById(result.execution_id)).toMatchObject({
      status: 'completed',
      success: true,
      output: 'echo: Draft: nightly digest',
      trigger: 'tool',
    });
  });

  it('When the workflow is another user’s, Then it is not found and nothing runs', async () => {
    const workflow = aWorkflow({ ownerId: BOB.userId, graph: LLM_GRAPH });
    await workflows.create(workflow);
    const failure = await failureOf(kernel, 'run_workflow', { workflow_id: workflow.id });
    expect(failure.error).toEqual({ code: 'runtime_error', reason: 'not_found', message: `Workflow "${workflow.id}" not found` });
    expect(llm.requests).toHaveLength(0);
  });
});

describe('create_task and update_task_status', () => {
  const move = (taskId: string, status: string, extra: Record<string, JsonValue> = {}) =>
    resultOf<{ task: Record<string, JsonValue>; previous_status: string; action: string }>(kernel, 'update_task_status', { task_id: taskId, status, ...extra });

  it('When a task is created, Then it is stored as the caller’s pending task', async () => {
    const created = await resultOf<{ id: string }>(kernel, 'create_task', {
      title: ' Refund order 10482 ',
      description: 'Charged twice.',
      priority: 'high',
      due_at: '2029-11-09',
    });
    expect(created).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      goal_id: null,
      title: 'Refund order 10482',
      description: 'Charged twice.',
      status: 'pending',
      priority: 'high',
      requires_approval: false,
      depends_on: [],
      due_at: '2029-11-09T00:00:00.000Z',
      created_at: NOW,
    });
    expect(await tasks.findById(created.id)).toMatchObject({
      ownerId: TEST_ACTOR.userId,
      title: 'Refund order 10482',
      dueAt: new Date('2029-11-09T00:00:00Z'),
    });
  });

  it('When a task is claimed then completed, Then each move names its action and the result is kept', async () => {
    const { id } = await resultOf<{ id: string }>(kernel, 'create_task', { title: 'Collect the invoices' });
    expect(await move(id, 'claimed')).toMatchObject({ previous_status: 'pending', action: 'claim', task: { status: 'claimed', completed_at: null } });
    expect(await move(id, 'completed', { result: { invoices: 12 } })).toEqual({
      previous_status: 'claimed',
      action: 'complete',
      task: expect.objectContaining({ id, status: 'completed', result: { invoices: 12 }, failure_reason: null, completed_at: NOW }),
    });
  });

  it('When a task requires approval, Then completing it awaits approval; completing again approves, claiming rejects', async () => {
    const approved = await resultOf<{ id: string }>(kernel, 'create_task', { title: 'Refund', requires_approval: true });
    await move(approved.id, 'claimed');
    expect(await move(approved.id, 'completed', { result: 'refunded' })).toMatchObject({
      action: 'complete',
      task: { status: 'awaiting_approval', result: 'refunded' },
    });
    expect(await move(approved.id, 'completed')).toMatchObject({
      previous_status: 'awaiting_approval',
      action: 'approve',
      task: { status: 'completed', completed_at: NOW },
    });

    const rejected = await resultOf<{ id: string }>(kernel, 'create_task', { title: 'Refund again', requires_approval: true });
    await move(rejected.id, 'claimed');
    await move(rejected.id, 'completed');
    expect(await move(rejected.id, 'claimed')).toMatchObject({ previous_status: 'awaiting_approval', action: 'reject', task: { status: 'claimed' } });
  });

  it("When a task of an active goal is completed or an agent's work is rejected, Then the goal's run is asked to move on", async () => {
    const goalId = '7e1f0a2b-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
    await storage.get(GOAL_REPOSITORY).create(aGoal({ id: goalId, ownerId: TEST_ACTOR.userId, status: 'active' }));
    const [byHand, byAgent] = [aTask({ goalId, status: 'claimed', claimedBy: TEST_ACTOR.userId }), aTask({ goalId, requiresApproval: true })];
    await tasks.create(byHand);
    await tasks.create({ ...byAgent, status: 'awaiting_approval', claimedBy: TEST_ACTOR.userId, claimedByAgent: true });
    const advances = () => services.queue.jobs.filter((job) => job.type === 'goal.advance').map((job) => job.payload);
    expect(await move(byHand.id, 'completed')).toMatchObject({ action: 'complete', task: { status: 'completed' } });
    expect(advances()).toEqual([{ goalId }]);
    expect(await move(byAgent.id, 'claimed')).toMatchObject({ previous_status: 'awaiting_approval', action: 'reject', task: { status: 'claimed' } });
    expect(advances()).toEqual([{ goalId }, { goalId }]);
  });

  it('When a task fails and is retried, Then the reason is kept, then cleared', async () => {
    const { id } = await resultOf<{ id: string }>(kernel, 'create_task', { title: 'Import the feed' });
    await move(id, 'claimed');
    expect(await move(id, 'failed', { reason: 'The feed was offline' })).toMatchObject({
      action: 'fail',
      task: { status: 'failed', failure_reason: 'The feed was offline' },
    });
    expect(await move(id, 'pending')).toMatchObject({ previous_status: 'failed', action: 'retry', task: { status: 'pending', failure_reason: null } });
  });

  it.each([
    ['completed', 'claimed', 'Cannot move a task that is completed to claimed: completed is final'],
    ['pending', 'failed', 'Cannot move a task that is pending to failed: it can move to claimed'],
    ['pending', 'completed', 'Cannot move a task that is pending to completed: it can move to claimed'],
  ])('When a %s task is moved to %s, Then the move fails with the reason conflict and the task is unchanged', async (from, to, message) => {
    const task = aTask({ status: from as Task['status'], completedAt: from === 'completed' ? new Date(NOW) : null });
    await tasks.create(task);
    const failure = await failureOf(kernel, 'update_task_status', { task_id: task.id, status: to });
    expect(failure.error).toEqual({ code: 'runtime_error', reason: 'conflict', message });
    expect((await tasks.findById(task.id))?.status).toBe(from);
  });

  it('When a task depends on an unfinished one, Then claiming it is a conflict', async () => {
    const first = await resultOf<{ id: string }>(kernel, 'create_task', { title: 'First' });
    const second = await resultOf<{ id: string; depends_on: string[] }>(kernel, 'create_task', { title: 'Second', depends_on: [first.id] });
    expect(second.depends_on).toEqual([first.id]);
    const failure = await failureOf(kernel, 'update_task_status', { task_id: second.id, status: 'claimed' });
    expect(failure.error).toMatchObject({
      reason: 'conflict',
      message: expect.stringMatching(/^Cannot claim a task while a task it depends on is unfinished: "First"/),
    });
  });

  it('When the task is another user’s, Then it is not found, and nothing changes', async () => {
    const task = aTask({ ownerId: BOB.userId });
    await tasks.create(task);
    const failure = await failureOf(kernel, 'update_task_status', { task_id: task.id, status: 'claimed' });
    expect(failure.error).toEqual({ code: 'runtime_error', reason: 'not_found', message: `Task "${task.id}" not found` });
    expect((await tasks.findById(task.id))?.status).toBe('pending');
  });
});

describe('schedule_run', () => {
  it('When an agent is scheduled by cron, Then the schedule is stored with the next weekday 9:00 in its zone', async () => {
    const result = await resultOf<{ id: string }>(kernel, 'schedule_run', {
      target_type: 'agent',
      target_id: EXAMPLE_AGENT,
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Paris',
      input: 'Brief me',
    });
    expect(result).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Research helper (scheduled)',
      target_type: 'agent',
      target_id: EXAMPLE_AGENT,
      cron: '0 9 * * 1-5',
      run_at: null,
      timezone: 'Europe/Paris',
      enabled: true,
      // 09:00 in Paris is 08:00 UTC in November.
      next_run_at: '2029-11-05T08:00:00.000Z',
    });
    expect(await schedules.findById(result.id)).toMatchObject({ ownerId: TEST_ACTOR.userId, input: 'Brief me', nextRunAt: new Date('2029-11-05T08:00:00Z') });
  });

  it('When a workflow is scheduled once, Then its next run is that time', async () => {
    const result = await resultOf<{ id: string }>(kernel, 'schedule_run', {
      target_type: 'workflow',
      target_id: EXAMPLE_WORKFLOW,
      run_at: '2029-12-01T10:00:00+01:00',
      name: 'December digest',
    });
    expect(result).toMatchObject({
      name: 'December digest',
      cron: null,
      run_at: '2029-12-01T09:00:00.000Z',
      timezone: 'UTC',
      next_run_at: '2029-12-01T09:00:00.000Z',
    });
    expect(await schedules.findById(result.id)).toMatchObject({ targetType: 'workflow', runAt: new Date('2029-12-01T09:00:00Z'), input: {} });
  });

  it.each([
    [{ cron: '@daily', run_at: '2029-12-01T10:00:00Z' }, { code: 'invalid_input' }, EXACTLY_ONE_TIMING],
    [{}, { code: 'invalid_input' }, EXACTLY_ONE_TIMING],
    [{ run_at: '2029-11-01T10:00:00Z' }, { code: 'runtime_error', reason: 'invalid_argument' }, 'Invalid schedule: run_at must be in the future'],
    [
      { cron: '0 9 * * 1-5', timezone: 'Mars/Olympus' },
      { code: 'runtime_error', reason: 'invalid_argument' },
      'Invalid schedule: timezone unknown time zone "Mars/Olympus"',
    ],
  ])('When the timing is %j, Then the tool refuses it as %j with a clear message', async (timing, code, message) => {
    const failure = await failureOf(kernel, 'schedule_run', { target_type: 'workflow', target_id: EXAMPLE_WORKFLOW, ...timing });
    expect(failure.error).toEqual({ ...code, message });
  });

  it('When the target is another user’s workflow, Then it is not found and nothing is stored', async () => {
    const workflow = aWorkflow({ ownerId: BOB.userId, graph: LLM_GRAPH });
    await workflows.create(workflow);
    const failure = await failureOf(kernel, 'schedule_run', { target_type: 'workflow', target_id: workflow.id, cron: '@daily' });
    expect(failure.error).toEqual({ code: 'runtime_error', reason: 'not_found', message: `Workflow "${workflow.id}" not found` });
    expect(await schedules.countByOwner(BOB.userId)).toBe(0);
  });
});
