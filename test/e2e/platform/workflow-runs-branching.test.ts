import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { stepOf, trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

/** start → check (n > 10) → true: big → end; false: small → end. */
const router: Json = {
  name: 'Size router',
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'check', type: 'condition', config: { left: '{{input.n}}', operator: 'greater_than', right: '10' } },
    { id: 'big', type: 'template', config: { template: '{{input.n}} is big' } },
    { id: 'small', type: 'template', config: { template: '{{input.n}} is small' } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'check' },
    { source: 'check', target: 'big', condition: 'true' },
    { source: 'check', target: 'small', condition: 'false' },
    { source: 'big', target: 'end' },
    { source: 'small', target: 'end' },
  ],
};

/** start → fan (parallel) → three branches (one two nodes long) → join (merge) → end rendering the joined outputs. */
const fanOut = (mode: 'object' | 'array'): Json => ({
  name: `Fan-out ${mode}`,
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'fan', type: 'parallel' },
    { id: 'upper', type: 'template', config: { template: 'UP:{{input.word}}' } },
    { id: 'lower', type: 'template', config: { template: 'low:{{input.word}}' } },
    { id: 'wait', type: 'delay', config: { ms: 200 } },
    { id: 'late', type: 'template', config: { template: 'late:{{fan.output.word}}' } },
    { id: 'join', type: 'merge', config: { mode } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'fan' },
    { source: 'fan', target: 'wait' },
    { source: 'fan', target: 'upper' },
    { source: 'fan', target: 'lower' },
    { source: 'wait', target: 'late' },
    { source: 'late', target: 'join' },
    { source: 'upper', target: 'join' },
    { source: 'lower', target: 'join' },
    { source: 'join', target: 'end' },
  ],
});

/** Branches over HTTP: a condition takes one branch and skips the other; parallel branches overlap and merge joins them. */
describe('Workflow runs over HTTP: condition, parallel and merge', () => {
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

  describe('a condition', () => {
    it('When the condition holds, Then the true branch runs, the false branch is skipped, and the output is the true branch’s', async () => {
      const id = await runs.create(ada, router);
      const res = await runs.execute(id, ada, { n: 42 });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'completed', success: true, output: '42 is big', error: null, target_version: 1 });
      expect(trail(res.body)).toEqual([
        ['start', 'completed'],
        ['check', 'completed'],
        ['small', 'skipped'],
        ['big', 'completed'],
        ['end', 'completed'],
      ]);
      expect(stepOf(res.body, 'check')).toMatchObject({ type: 'condition', output: true });
    });

    it('When it does not hold (run async), Then the false branch runs and the true branch is skipped', async () => {
      const id = await runs.create(ada, router);
      const res = await runs.execute(id, ada, { n: 3 }, true);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ status: 'pending', output: null });
      const done = await runs.finished(res.body.id, ada);
      expect(done).toMatchObject({ status: 'completed', output: '3 is small' });
      expect(trail(done)).toEqual([
        ['start', 'completed'],
        ['check', 'completed'],
        ['big', 'skipped'],
        ['small', 'completed'],
        ['end', 'completed'],
      ]);
      expect(stepOf(done, 'check')).toMatchObject({ type: 'condition', output: false });
    });

    it('When another user executes the workflow or reads its run, Then 404', async () => {
      const id = await runs.create(ada, router);
      expect((await runs.execute(id, bob, { n: 1 })).status).toBe(404);
      const run = await runs.execute(id, ada, { n: 1 });
      expect((await runs.execution(run.body.id, bob)).body).toEqual({ error: 'not_found', message: expect.any(String) });
    });
  });

  describe('parallel and merge', () => {
    it('When a parallel node fans out, Then every branch runs at once, the slow one settles last, and merge joins the outputs by node id', async () => {
      const id = await runs.create(ada, fanOut('object'));
      const res = await runs.execute(id, ada, { word: 'Hi' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'completed', output: { late: 'late:Hi', upper: 'UP:Hi', lower: 'low:Hi' } });
      const order = res.body.steps.map((step) => step.node_id);
      expect(order.slice(0, 2)).toEqual(['start', 'fan']);
      expect(order.slice(-3)).toEqual(['late', 'join', 'end']);
      expect(new Set(order.slice(2, 5))).toEqual(new Set(['upper', 'lower', 'wait']));
      expect(res.body.steps.every((step) => step.status === 'completed')).toBe(true);
      // The quick branches ran while the delay was waiting: they finished before it did.
      const wait = stepOf(res.body, 'wait');
      expect(Date.parse(stepOf(res.body, 'upper').finished_at)).toBeLessThanOrEqual(Date.parse(wait.finished_at));
      expect(Date.parse(stepOf(res.body, 'lower').started_at)).toBeLessThan(Date.parse(wait.finished_at));
      expect(Date.parse(stepOf(res.body, 'join').started_at)).toBeGreaterThanOrEqual(Date.parse(stepOf(res.body, 'late').finished_at));
    });

    it('When merge is in array mode (run async), Then it lists the branch outputs in the order of its incoming edges', async () => {
      const id = await runs.create(ada, fanOut('array'));
      const res = await runs.execute(id, ada, { word: 'Yo' }, true);
      expect(res.status).toBe(202);
      const done = await runs.finished(res.body.id, ada);
      expect(done).toMatchObject({ status: 'completed', output: ['late:Yo', 'UP:Yo', 'low:Yo'] });
    });
  });
});
