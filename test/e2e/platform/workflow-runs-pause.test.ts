import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { eventually } from '../../support/eventually';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { RunBody, trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

/** start → one → nap (delay `ms`) → two → end: slow enough to be steered while `nap` waits. */
const slowChain = (ms: number): Json => ({
  name: 'Slow chain',
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'one', type: 'template', config: { template: 'one:{{input.word}}' } },
    { id: 'nap', type: 'delay', config: { ms } },
    { id: 'two', type: 'template', config: { template: '{{last}}|two' } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'one' },
    { source: 'one', target: 'nap' },
    { source: 'nap', target: 'two' },
    { source: 'two', target: 'end' },
  ],
});

const WHOLE_RUN: Array<[string, string]> = [
  ['start', 'completed'],
  ['one', 'completed'],
  ['nap', 'completed'],
  ['two', 'completed'],
  ['end', 'completed'],
];

/**
 * Pause, resume and cancel of a running workflow over `/executions/{id}/…`, while a delay node holds
 * it. (The version a paused run resumes with is in workflow-execute.test.ts.)
 */
describe('Workflow runs over HTTP: pause and resume', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ EXECUTE_WAIT_SECONDS: '10' });
    runs = workflowRuns(app.platformUrl);
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** An async run of the slow chain, answered once `one` is done and `nap` is waiting. */
  const napping = async (ms: number): Promise<string> => {
    const id = await runs.create(ada, slowChain(ms));
    const res = await runs.execute(id, ada, { word: 'hi' }, true);
    expect(res.status).toBe(202);
    await runs.until(res.body.id, ada, (run) => run.status === 'running' && run.steps.some((step) => step.node_id === 'one'));
    return res.body.id;
  };
  const stored = (id: string) => app.services.app.container.get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(id);

  it('When paused during a delay, Then it stops after the delay, before the next node, and lets its lease go; resumed, Then it goes on from there', async () => {
    const id = await napping(1500);

    const paused = await runs.act(id, ada, 'pause');
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id, status: 'paused', success: null });
    // The delay finishes, the run reaches its step boundary, stores it and stops there.
    const stopped = await runs.until(id, ada, (run) => run.steps.some((step) => step.node_id === 'nap'));
    expect(trail(stopped)).toEqual(WHOLE_RUN.slice(0, 3));
    expect(await eventually(async () => ((await stored(id))?.lease === null ? stored(id) : undefined))).toMatchObject({ status: 'paused' });
    expect(trail((await runs.execution(id, ada)).body)).toEqual(WHOLE_RUN.slice(0, 3));

    const resumed = await runs.act(id, ada, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.status).toBe('pending');
    const done = await runs.finished(id, ada);
    expect(done).toMatchObject({ status: 'completed', success: true, output: 'one:hi|two' });
    expect(trail(done)).toEqual(WHOLE_RUN);
  });

  it('When resumed before it reaches its boundary, Then it simply carries on running and completes once', async () => {
    const id = await napping(1500);
    expect((await runs.act(id, ada, 'pause')).body.status).toBe('paused');
    const resumed = await runs.act(id, ada, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body.status).toBe('running');
    const done = await runs.finished(id, ada);
    expect(done).toMatchObject({ status: 'completed', output: 'one:hi|two' });
    expect(trail(done)).toEqual(WHOLE_RUN);
  });

  it('When cancelled during a delay, Then the wait ends at once and the run is cancelled and the nodes after it are skipped', async () => {
    const id = await napping(30_000);
    const started = Date.now();
    const cancelled = await runs.act(id, ada, 'cancel');
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', error: { code: 'execution.cancelled' } });
    const settled: RunBody = await runs.until(id, ada, (run) => run.steps.some((step) => step.node_id === 'nap'));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(settled.status).toBe('cancelled');
    expect(trail(settled)).toEqual([
      ['start', 'completed'],
      ['one', 'completed'],
      ['nap', 'failed'],
      ['two', 'skipped'],
      ['end', 'skipped'],
    ]);
    expect(settled.steps[2].error).toEqual({ code: 'workflow.cancelled', message: expect.any(String) });
    await eventually(async () => ((await stored(id))?.lease === null ? true : undefined));
  });

  it('When another user pauses or resumes the run, Then 404 and it runs on', async () => {
    const id = await napping(300);
    for (const action of ['pause', 'resume'] as const) {
      expect(await runs.act(id, bob, action)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    }
    expect(await runs.finished(id, ada)).toMatchObject({ status: 'completed' });
  });
});
