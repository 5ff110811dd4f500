import { Actor } from '../../../core/domain/auth/actor';
import { Job } from '../../../core/ports/job-queue.port';
import { ToolRegistry } from '../../../core/ports/tool-registry.port';
import { ExecutionReclaimer } from '../../../core/services/executions/execution-reclaimer.service';
import { EXECUTION_RUN_JOB } from '../../../core/services/executions/execution-run-job';
import { lastUser, RespondingLlmProvider } from '../../fixtures/llm/responding-llm-provider';
import { RecordingJobQueue } from '../../fixtures/queue/recording-job-queue';
import { createExecutionTestBed, ExecutionTestBed } from '../../fixtures/workflows/execution-test-bed';
import { linearGraph, node } from '../../fixtures/workflows/workflow.mother';
import { eventually } from '../../support/eventually';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';

const noTools = { list: () => [], get: () => undefined } as unknown as ToolRegistry;
/** Heartbeats rare enough that none falls between the take-back and the new claim. */
const SETTINGS = { heartbeatMs: 5_000, leaseTtlMs: 10_000, maxAttempts: 3 };

/**
 * A process that stalls past its lease (a long pause, a database outage) may take the job of its
 * own reclaimed execution: the new attempt runs under the same process's lease owner while the old
 * run is still in flight. The lease is the run's, not the process's: the old run stops at its next
 * write and stores nothing, so no node runs in both.
 */
function describeSelfReclaim(kind: 'sqlite' | 'mysql'): void {
  let storage: TestStorage;
  let model: RespondingLlmProvider;
  let queue: RecordingJobQueue;
  let bed: ExecutionTestBed;
  let owner: Actor;

  beforeAll(async () => {
    storage = await createTestStorage(kind);
  });
  afterAll(async () => {
    await storage?.destroy();
  });
  beforeEach(async () => {
    // Each answer names the call that gave it, so the output tells which run's node fed the next.
    model = new RespondingLlmProvider((request, index) => `#${index} ${lastUser(request)}`);
    queue = new RecordingJobQueue();
    bed = createExecutionTestBed(storage, { llm: model, tools: noTools, queue, executionSettings: SETTINGS });
    const user = await bed.aStoredUser();
    owner = { userId: user.id, role: user.role };
  });

  const prompts = () => model.requests.map(lastUser);
  const callsMade = (count: number) => eventually(async () => (model.requests.length >= count ? true : undefined));

  it('When a process takes back its own execution while the old run is in flight, Then the old run stops at its next write, stores nothing, and only the new attempt goes on', async () => {
    const graph = linearGraph(
      node('one', 'llm', { prompt: 'one: {{input}}' }),
      node('two', 'llm', { prompt: 'two: {{one.output}}' }),
      node('three', 'llm', { prompt: 'three: {{two.output}}' }),
    );
    const workflow = await bed.aStoredWorkflow({ ownerId: owner.userId, graph });
    const releaseOld = model.hold(1);
    const releaseNew = model.hold(2);
    const { execution, done } = await bed.launcher.begin(owner, { type: 'workflow', id: workflow.id }, 'topic', { trigger: 'api' });
    await callsMade(2);

    // Seen from a minute later, the lease has expired: the reclaimer queues the execution again, and this same process takes the job.
    expect(await bed.container.get(ExecutionReclaimer).tick(new Date(Date.now() + 60_000))).toBe(1);
    const job = queue.published.find((published) => published.type === EXECUTION_RUN_JOB);
    const second = bed.runHandler.handle({ id: 'job-1', type: EXECUTION_RUN_JOB, payload: job?.payload ?? null, attempt: 1 } as Job);
    await callsMade(3);

    releaseOld();
    const old = await done;
    // The old run's node two finished, but it neither stored it nor started node three: the record is the new attempt's.
    expect(prompts()).toEqual(['one: topic', 'two: #0 one: topic', 'two: #0 one: topic']);
    expect(old).toMatchObject({ status: 'running', attempt: 2, steps: [{ node_id: 'start' }, { node_id: 'one' }] });

    releaseNew();
    await second;
    const final = await bed.executions.findById(execution.id);
    expect(final).toMatchObject({ status: 'completed', success: true, attempt: 2, lease: null, output: '#3 three: #2 two: #0 one: topic' });
    expect(final?.steps.map((step) => (step as { node_id: string }).node_id)).toEqual(['start', 'one', 'two', 'three', 'end']);
    expect(prompts()).toEqual(['one: topic', 'two: #0 one: topic', 'two: #0 one: topic', 'three: #2 two: #0 one: topic']);
  });
}

describe('An execution taken back by the process still running it, on SQLite', () => describeSelfReclaim('sqlite'));
describeWithEnv('DATABASE_URL', 'An execution taken back by the process still running it, on MariaDB', () => describeSelfReclaim('mysql'));
