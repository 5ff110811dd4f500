import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { stepOf, trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

/** start → calc (code node, in the sandbox) → end; `settings` are the code node's generic settings. */
const calculator = (code: string, settings: Json = {}): Json => ({
  name: 'Sandboxed sum',
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'calc', type: 'code', config: { code, input: { a: '{{input.a}}', b: '{{input.b}}', label: 'sum of {{input.a}}' }, ...settings } },
    { id: 'end', type: 'end', config: { output: '{{calc.output.label}} = {{calc.output.sum}}' } },
  ],
  edges: [
    { source: 'start', target: 'calc' },
    { source: 'calc', target: 'end' },
  ],
});

const SUM = 'async function main(input) { return { sum: input.a + input.b, label: input.label, types: [typeof input.a, typeof input.b] }; }';
const BROKEN = 'function main(input) { throw new Error("no sums today"); }';

/** A code node over HTTP: its code runs in the sandbox kernel on the rendered input; a throw fails the node unless continue_on_error. */
describe('Workflow runs over HTTP: a code node', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let ada: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ EXECUTE_WAIT_SECONDS: '20' });
    runs = workflowRuns(app.platformUrl);
    ada = await signUp(app.platformUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When the workflow runs, Then main gets the rendered input with its JSON types and its result is the node output', async () => {
    const id = await runs.create(ada, calculator(SUM));
    const res = await runs.execute(id, ada, { a: 2, b: 40 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', output: 'sum of 2 = 42' });
    expect(trail(res.body)).toEqual([
      ['start', 'completed'],
      ['calc', 'completed'],
      ['end', 'completed'],
    ]);
    expect(stepOf(res.body, 'calc')).toMatchObject({ type: 'code', output: { sum: 42, label: 'sum of 2', types: ['number', 'number'] } });
  });

  it('When the code throws (run async), Then the run fails at the code node with code.runtime_error and the end is skipped', async () => {
    const id = await runs.create(ada, calculator(BROKEN));
    const res = await runs.execute(id, ada, { a: 1, b: 1 }, true);
    expect(res.status).toBe(202);
    const done = await runs.finished(res.body.id, ada);
    expect(done).toMatchObject({ status: 'failed', success: false, output: null, error: { code: 'code.runtime_error' } });
    expect(trail(done)).toEqual([
      ['start', 'completed'],
      ['calc', 'failed'],
      ['end', 'skipped'],
    ]);
    expect(stepOf(done, 'calc').error).toMatchObject({ code: 'code.runtime_error', message: expect.any(String) });
  });

  it('When the code throws with continue_on_error, Then the node records its error, outputs null, and the run completes', async () => {
    const id = await runs.create(ada, calculator(BROKEN, { continue_on_error: true }));
    const res = await runs.execute(id, ada, { a: 1, b: 1 });
    expect(res.body).toMatchObject({ status: 'completed', success: true, output: ' = ' });
    expect(stepOf(res.body, 'calc')).toMatchObject({ status: 'completed', output: null, error: { code: 'code.runtime_error' } });
  });
});
