import { createExecutionReclaimLoop } from '../../../adapters/scheduling/execution-reclaim-loop';
import { Actor } from '../../../core/domain/auth/actor';
import { GraphRunState } from '../../../core/domain/workflow/graph-run-state';
import { Job } from '../../../core/ports/job-queue.port';
import { ToolRegistry } from '../../../core/ports/tool-registry.port';
import { EXECUTION_RUN_JOB } from '../../../core/services/executions/execution-run-job';
import { lastUser, RespondingLlmProvider } from '../../fixtures/llm/responding-llm-provider';
import { RecordingJobQueue } from '../../fixtures/queue/recording-job-queue';
import { createExecutionTestBed, ExecutionTestBed } from '../../fixtures/workflows/execution-test-bed';
import { anExecution, linearGraph, node } from '../../fixtures/workflows/workflow.mother';
import { eventually } from '../../support/eventually';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';

const noTools = { list: () => [], get: () => undefined } as unknown as ToolRegistry;

/**
 * A workflow execution left `running` by a process that died after two of its nodes: the reclaim
 * loop queues it again and another process continues from the stored run state, running only the
 * nodes that had not completed, with the stored (whole) outputs.
 */
function describeRunState(kind: 'sqlite' | 'mysql'): void {
  let storage: TestStorage;
  let model: RespondingLlmProvider;
  let bed: ExecutionTestBed;
  let queue: RecordingJobQueue;
  let owner: Actor;

  beforeAll(async () => {
    storage = await createTestStorage(kind);
  });
  afterAll(async () => {
    await storage?.destroy();
  });
  beforeEach(async () => {
    model = new RespondingLlmProvider();
    queue = new RecordingJobQueue();
    bed = createExecutionTestBed(storage, { llm: model, tools: noTools, queue, executionSettings: { heartbeatMs: 50, leaseTtlMs: 10_000, maxAttempts: 3 } });
    const user = await bed.aStoredUser();
    owner = { userId: user.id, role: user.role };
  });

  it('When a reclaimed workflow run resumes, Then completed nodes are not run again and the next one sees the stored output', async () => {
    const graph = linearGraph(
      node('one', 'llm', { prompt: 'one: {{input}}' }),
      node('two', 'llm', { prompt: 'two: {{one.output}}' }),
      node('three', 'llm', { prompt: 'three: {{two.output}}' }),
    );
    const workflow = await bed.aStoredWorkflow({ ownerId: owner.userId, graph });
    const whole = `stored ${'x'.repeat(80_000)}`;
    const runState: GraphRunState = {
      version: 1,
      settled: {
        start: { status: 'completed', output: 'topic', branch: null, attempts: 1, error: null, seq: 0 },
        one: { status: 'completed', output: whole, branch: null, attempts: 1, error: null, seq: 1 },
      },
      progress: {},
      parked: null,
    };
    const dead = anExecution({
      ownerId: owner.userId,
      targetId: workflow.id,
      input: 'topic',
      status: 'running',
      attempt: 1,
      lease: { owner: 'a-process-that-died', expiresAt: new Date(Date.now() - 1000) },
      startedAt: new Date(Date.now() - 60_000),
      steps: [
        { node_id: 'start', status: 'completed' },
        { node_id: 'one', status: 'completed' },
      ],
      tokenUsage: { promptTokens: 1, completionTokens: 1, totalTokens: 2 },
      runState,
    });
    await bed.executions.create(dead);

    const loop = createExecutionReclaimLoop(bed.container, { ...storage.config, executions: { ...storage.config.executions, reclaimIntervalMs: 50 } });
    loop.start();
    const published = await eventually(async () => queue.published.find((job) => job.type === EXECUTION_RUN_JOB));
    await loop.stop();
    await bed.runHandler.handle({ id: 'job-1', type: published.type, payload: published.payload, attempt: 1 } as Job);

    const final = await bed.executions.findById(dead.id);
    expect(final).toMatchObject({ status: 'completed', success: true, attempt: 2 });
    expect(final?.steps.map((step) => (step as { node_id: string }).node_id)).toEqual(['start', 'one', 'two', 'three', 'end']);
    expect(model.requests).toHaveLength(2);
    expect(lastUser(model.requests[0])).toBe(`two: ${whole}`);
    expect((final?.runState as GraphRunState).settled.three).toMatchObject({ status: 'completed', attempts: 1 });
  });
}

describe('Workflow run state on SQLite', () => describeRunState('sqlite'));
describeWithEnv('DATABASE_URL', 'Workflow run state on MariaDB', () => describeRunState('mysql'));
