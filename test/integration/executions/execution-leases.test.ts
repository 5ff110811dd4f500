import { createExecutionReclaimLoop } from '../../../adapters/scheduling/execution-reclaim-loop';
import { Actor } from '../../../core/domain/auth/actor';
import { Execution } from '../../../core/domain/execution/execution.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { Job } from '../../../core/ports/job-queue.port';
import { ToolRegistry } from '../../../core/ports/tool-registry.port';
import { ExecutionManager } from '../../../core/services/executions/execution-manager.service';
import { ExecutionReclaimer } from '../../../core/services/executions/execution-reclaimer.service';
import { EXECUTION_RUN_JOB } from '../../../core/services/executions/execution-run-job';
import { ProcessIdentity } from '../../../core/services/executions/process-identity';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { agentNode, chainGraph } from '../../fixtures/executions/agent-graphs';
import { lastUser, RespondingLlmProvider } from '../../fixtures/llm/responding-llm-provider';
import { RecordingJobQueue } from '../../fixtures/queue/recording-job-queue';
import { createExecutionTestBed, ExecutionTestBed } from '../../fixtures/workflows/execution-test-bed';
import { anExecution } from '../../fixtures/workflows/workflow.mother';
import { eventually } from '../../support/eventually';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';

/** Agents of these tests call no tool. */
const noTools = { list: () => [], get: () => undefined } as unknown as ToolRegistry;
/** Heartbeats every 50 ms; a lease lasts long enough that a slow machine never loses one by accident. */
const SETTINGS = { heartbeatMs: 50, leaseTtlMs: 10_000, maxAttempts: 2 };

interface Process extends ExecutionTestBed {
  id: string;
  queue: RecordingJobQueue;
  manager: ExecutionManager;
  reclaimer: ExecutionReclaimer;
}

/**
 * Two processes (two containers, two lease owners) sharing one database: what one asks of an
 * execution the other is running reaches it through storage alone, and a process that stops
 * renewing its leases has its executions taken back.
 */
function describeLeases(kind: 'sqlite' | 'mysql'): void {
  let storage: TestStorage;
  let model: RespondingLlmProvider;
  let a: Process;
  let b: Process;
  let owner: Actor;
  let agentId: string;

  beforeAll(async () => {
    storage = await createTestStorage(kind);
  });
  afterAll(async () => {
    await storage?.destroy();
  });

  beforeEach(async () => {
    model = new RespondingLlmProvider();
    const process = (): Process => {
      const queue = new RecordingJobQueue();
      const bed = createExecutionTestBed(storage, { llm: model, tools: noTools, queue, executionSettings: SETTINGS });
      const { container } = bed;
      return { ...bed, queue, id: container.get(ProcessIdentity).id, manager: container.get(ExecutionManager), reclaimer: container.get(ExecutionReclaimer) };
    };
    [a, b] = [process(), process()];
    const user = await a.aStoredUser();
    owner = { userId: user.id, role: user.role };
    // Three stages, each the agent itself: start → one → two → three → end.
    const agent = anAgent({
      ownerId: user.id,
      includeTools: [],
      workflowConfig: chainGraph(agentNode('one', 'One'), agentNode('two', 'Two'), agentNode('three', 'Three')),
    });
    await a.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    agentId = agent.id;
  });

  const begin = (on: Process) => on.launcher.begin(owner, { type: 'agent', id: agentId }, 'topic', { trigger: 'api', mode: 'sequential' });
  const callsMade = (count: number) => eventually(async () => (model.requests.length >= count ? true : undefined));
  const jobFor = (on: Process, id: string): Job | undefined => {
    const published = on.queue.published.find((job) => job.type === EXECUTION_RUN_JOB && (job.payload as { execution_id: string }).execution_id === id);
    return published && { id: `job-${id}`, type: published.type, payload: published.payload, attempt: 1 };
  };
  const stages = (execution: Execution) => execution.steps.map((step) => [(step as { stage: number }).stage, (step as { status: string }).status]);

  it('When another process cancels a running execution, Then the runner hears it at its next heartbeat, aborts and leaves it cancelled', async () => {
    model.hold(1);
    const { execution, done } = await begin(a);
    await callsMade(2);

    expect(await b.manager.cancel(owner, execution.id)).toMatchObject({ status: 'cancelled', lease: { owner: a.id } });
    const final = await done;

    expect(final).toMatchObject({ status: 'cancelled', success: false, error: { code: 'execution.cancelled' }, lease: null, attempt: 1 });
    expect(stages(final)).toEqual([
      [1, 'completed'],
      [2, 'failed'],
    ]);
    expect(model.requests).toHaveLength(2);
  });

  it('When another process pauses it, Then the run stops at its next step boundary; resumed there, Then it is queued and continues with the next stage', async () => {
    const release = model.hold(1);
    const { execution, done } = await begin(a);
    await callsMade(2);

    expect(await b.manager.pause(owner, execution.id)).toMatchObject({ status: 'paused' });
    release();
    const paused = await done;
    expect(paused).toMatchObject({ status: 'paused', success: null, lease: null, llmCalls: 2 });
    expect(stages(paused)).toEqual([
      [1, 'completed'],
      [2, 'completed'],
    ]);

    expect(await b.manager.resume(owner, execution.id)).toMatchObject({ status: 'pending' });
    await b.runHandler.handle(jobFor(b, execution.id) as Job);

    const final = await b.executions.findById(execution.id);
    expect(final).toMatchObject({ status: 'completed', success: true, attempt: 2, lease: null, llmCalls: 3, output: { reply: 're: re: re: topic' } });
    expect(stages(final as Execution)).toEqual([
      [1, 'completed'],
      [2, 'completed'],
      [3, 'completed'],
    ]);
    expect(lastUser(model.requests[2])).toBe('re: re: topic');
  });

  it('When it is resumed before the run reached its boundary, Then the run simply carries on where it is', async () => {
    const release = model.hold(1);
    const { execution, done } = await begin(a);
    await callsMade(2);

    await b.manager.pause(owner, execution.id);
    expect(await b.manager.resume(owner, execution.id)).toMatchObject({ status: 'running', lease: { owner: a.id } });
    release();

    expect(await done).toMatchObject({ status: 'completed', attempt: 1 });
    expect(model.requests).toHaveLength(3);
    expect(b.queue.published).toEqual([]);
  });

  it('When its process stopped renewing the lease, Then the reclaim loop queues it again and another process finishes it from its progress', async () => {
    const dead = anExecution({
      ownerId: owner.userId,
      targetType: 'agent',
      targetId: agentId,
      mode: 'sequential',
      input: 'topic',
      status: 'running',
      attempt: 1,
      llmCalls: 1,
      lease: { owner: 'a-process-that-died', expiresAt: new Date(Date.now() - 1000) },
      startedAt: new Date(Date.now() - 60_000),
      steps: [{ role: 'stage', stage: 1, node_id: 'one', status: 'completed', output: 'stored notes' }],
      output: { reply: 'stored notes' },
    });
    await b.executions.create(dead);
    const loop = createExecutionReclaimLoop(b.container, { ...storage.config, executions: { ...storage.config.executions, reclaimIntervalMs: 50 } });

    loop.start();
    const job = await eventually(async () => jobFor(b, dead.id));
    await loop.stop();
    expect(await b.executions.findById(dead.id)).toMatchObject({ status: 'pending', lease: null, attempt: 1 });

    await a.runHandler.handle(job);

    const final = await a.executions.findById(dead.id);
    expect(final).toMatchObject({ status: 'completed', attempt: 2, lease: null, llmCalls: 3, startedAt: dead.startedAt });
    expect(stages(final as Execution)).toEqual([
      [1, 'completed'],
      [2, 'completed'],
      [3, 'completed'],
    ]);
    expect(lastUser(model.requests[0])).toBe('stored notes');
  });

  it('When an expired execution has no attempt left, Then it is failed with execution.lease_expired, never left running', async () => {
    const spent = anExecution({ ownerId: owner.userId, status: 'running', attempt: 2, lease: { owner: 'gone', expiresAt: new Date(Date.now() - 1) } });
    await b.executions.create(spent);

    expect(await b.reclaimer.tick(new Date())).toBeGreaterThanOrEqual(1);

    expect(await b.executions.findById(spent.id)).toMatchObject({
      status: 'failed',
      success: false,
      lease: null,
      error: { code: 'execution.lease_expired', message: 'The process running the execution stopped responding' },
      finishedAt: expect.any(Date),
    });
    expect(jobFor(b, spent.id)).toBeUndefined();
  });

  it('When two processes reclaim at once, Then the execution is queued again exactly once', async () => {
    const stuck = anExecution({ ownerId: owner.userId, status: 'running', attempt: 1, lease: { owner: 'gone', expiresAt: new Date(Date.now() - 1) } });
    await b.executions.create(stuck);
    const now = new Date();
    await Promise.all([a.reclaimer.tick(now), b.reclaimer.tick(now)]);
    expect([jobFor(a, stuck.id), jobFor(b, stuck.id)].filter(Boolean)).toHaveLength(1);
  });

  it('When its process is alive, Then the heartbeat keeps renewing the lease and nothing reclaims it', async () => {
    const release = model.hold(0);
    const { execution, done } = await begin(a);
    const first = execution.lease?.expiresAt.getTime() ?? 0;
    await eventually(async () => ((await a.executions.findById(execution.id))?.lease?.expiresAt.getTime() ?? 0) > first || undefined);

    await b.reclaimer.tick(new Date());
    expect(await b.executions.findById(execution.id)).toMatchObject({ status: 'running', lease: { owner: a.id } });
    release();
    expect(await done).toMatchObject({ status: 'completed' });
  });

  it('When another process took the lease over, Then the old runner stops and writes nothing into the record', async () => {
    model.hold(0);
    const { execution, done } = await begin(a);
    await callsMade(1);
    const takeover = { owner: 'new-owner', expiresAt: new Date(Date.now() + 60_000) };
    expect(await a.executions.transition(execution.id, { from: ['running'], leaseOwner: a.id }, { lease: takeover })).toBe(true);

    const final = await done;

    expect(final).toMatchObject({ status: 'running', lease: takeover, steps: [], success: null });
  });

  it('When a queued execution is cancelled, Then its job does nothing when it arrives', async () => {
    const pending = await a.launcher.enqueue(owner, { type: 'agent', id: agentId }, 'x', { trigger: 'api', mode: 'sequential' });
    await b.manager.cancel(owner, pending.id);
    await a.runHandler.handle(jobFor(a, pending.id) as Job);
    expect(await a.executions.findById(pending.id)).toMatchObject({ status: 'cancelled', attempt: 0, startedAt: null });
    expect(model.requests).toHaveLength(0);
  });
}

describe('Execution leases on SQLite', () => describeLeases('sqlite'));
describeWithEnv('DATABASE_URL', 'Execution leases on MariaDB', () => describeLeases('mysql'));
