import { LoopbackServer, startLoopbackServer } from '../../fixtures/http/loopback-server';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { eventually } from '../../support/eventually';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { stepOf, trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

const body = (nodes: Json[]): Json => ({
  nodes: [{ id: 'start', type: 'start' }, ...nodes, { id: 'end', type: 'end' }],
  edges: [
    { source: 'start', target: String(nodes[0].id) },
    ...nodes.slice(1).map((node, i) => ({ source: String(nodes[i].id), target: String(node.id) })),
    { source: String(nodes[nodes.length - 1].id), target: 'end' },
  ],
});

/** start → grow (loop: each round appends "a" to the last round's text) → end, stopping once the text is `stop` or after `maxRounds`. */
const grower = (maxRounds: number, stop: string): Json => ({
  name: 'Grower',
  nodes: [
    { id: 'start', type: 'start' },
    {
      id: 'grow',
      type: 'loop',
      config: {
        input: '{{input.seed}}',
        max_rounds: maxRounds,
        until: { left: '{{last}}', operator: 'equals', right: stop },
        body: body([{ id: 'append', type: 'template', config: { template: '{{input.previous}}a' } }]),
      },
    },
    { id: 'end', type: 'end', config: { output: '{{grow.output.output}} after {{grow.output.rounds}} rounds' } },
  ],
  edges: [
    { source: 'start', target: 'grow' },
    { source: 'grow', target: 'end' },
  ],
});

/** start → each (iteration over input.cities, `concurrency` at once: an http GET per city) → end. */
const lookup = (serverUrl: string, concurrency: number): Json => ({
  name: 'City lookup',
  nodes: [
    { id: 'start', type: 'start' },
    {
      id: 'each',
      type: 'iteration',
      config: {
        items: '{{input.cities}}',
        concurrency,
        body: body([
          { id: 'fetch', type: 'http', config: { url: `${serverUrl}/city`, query: { name: '{{input.item}}' } } },
          { id: 'say', type: 'template', config: { template: '{{input.index}}:{{fetch.output.body.name}}' } },
        ]),
      },
    },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'each' },
    { source: 'each', target: 'end' },
  ],
});

const CITIES = ['Lyon', 'Paris', 'Oslo', 'Rome', 'Bern', 'Kyiv'];

/** Loops and iterations over HTTP: a loop's exit (until, or max_rounds), an iteration's bounded concurrency and ordered results. */
describe('Workflow runs over HTTP: loop and iteration', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let ada: PlatformUser;
  let cities: LoopbackServer;
  let inFlight = 0;
  let mostInFlight = 0;

  beforeAll(async () => {
    // Each city answers after a delay that shrinks along the list, so later items finish first.
    cities = await startLoopbackServer((req, res) => {
      const name = new URL(req.url ?? '/', 'http://x').searchParams.get('name') ?? '';
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      setTimeout(
        () => {
          inFlight -= 1;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ name: name.toUpperCase() }));
        },
        40 * (CITIES.length - CITIES.indexOf(name)),
      );
    });
    app = await startApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1', EXECUTE_WAIT_SECONDS: '10' });
    runs = workflowRuns(app.platformUrl);
    ada = await signUp(app.platformUrl);
  });
  const stored = (id: string) => app.services.app.container.get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(id);
  beforeEach(() => {
    mostInFlight = 0;
    cities.requests.length = 0;
  });
  afterAll(async () => {
    await app?.stop();
    await cities?.close();
  });

  describe('a loop', () => {
    it('When its until condition holds at round 3, Then it exits there with that round’s output, and its body leaves no steps of its own', async () => {
      const id = await runs.create(ada, grower(10, 'xaaa'));
      const res = await runs.execute(id, ada, { seed: 'x' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'completed', output: 'xaaa after 3 rounds' });
      expect(trail(res.body)).toEqual([
        ['start', 'completed'],
        ['grow', 'completed'],
        ['end', 'completed'],
      ]);
      expect(stepOf(res.body, 'grow')).toMatchObject({ type: 'loop', output: { rounds: 3, output: 'xaaa' } });
    });

    it('When until never holds (run async), Then it stops after max_rounds and the run still completes', async () => {
      const id = await runs.create(ada, grower(4, 'never'));
      const res = await runs.execute(id, ada, { seed: '' }, true);
      expect(res.status).toBe(202);
      const done = await runs.finished(res.body.id, ada);
      expect(done).toMatchObject({ status: 'completed', output: 'aaaa after 4 rounds' });
      expect(stepOf(done, 'grow').output).toEqual({ rounds: 4, output: 'aaaa' });
    });
  });

  describe('an iteration', () => {
    const list = CITIES;

    it('When it maps a list with concurrency 2, Then at most 2 items run at once and the results come in item order, though later items finish first', async () => {
      const id = await runs.create(ada, lookup(cities.url, 2));
      const res = await runs.execute(id, ada, { cities: list });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'completed', output: ['0:LYON', '1:PARIS', '2:OSLO', '3:ROME', '4:BERN', '5:KYIV'] });
      expect(trail(res.body)).toEqual([
        ['start', 'completed'],
        ['each', 'completed'],
        ['end', 'completed'],
      ]);
      expect(cities.requests).toHaveLength(list.length);
      expect(mostInFlight).toBe(2);
    });

    it('When concurrency is 1 (run async), Then the items run one at a time, in order', async () => {
      const id = await runs.create(ada, lookup(cities.url, 1));
      const res = await runs.execute(id, ada, { cities: list.slice(0, 3) }, true);
      const done = await runs.finished(res.body.id, ada);
      expect(done).toMatchObject({ status: 'completed', output: ['0:LYON', '1:PARIS', '2:OSLO'] });
      expect(mostInFlight).toBe(1);
      expect(cities.requests.map((r) => r.url)).toEqual(['/city?name=Lyon', '/city?name=Paris', '/city?name=Oslo']);
    });

    it('When the items are not a list, Then the run fails at the iteration with workflow.not_a_list and the end is skipped', async () => {
      const id = await runs.create(ada, lookup(cities.url, 2));
      const res = await runs.execute(id, ada, { cities: 'Lyon' });
      expect(res.body).toMatchObject({ status: 'failed', success: false, error: { code: 'workflow.not_a_list' } });
      expect(trail(res.body)).toEqual([
        ['start', 'completed'],
        ['each', 'failed'],
        ['end', 'skipped'],
      ]);
      expect(cities.requests).toHaveLength(0);
    });

    it('When paused while items are running and then resumed, Then the finished items are kept and only the rest are requested', async () => {
      const id = await runs.create(ada, lookup(cities.url, 1));
      const res = await runs.execute(id, ada, { cities: CITIES }, true);
      await eventually(async () => (cities.requests.length >= 2 ? true : undefined));

      expect((await runs.act(res.body.id, ada, 'pause')).body.status).toBe('paused');
      // The item in flight finishes and is stored; the run stops there and lets its lease go.
      const stopped = await eventually(async () => ((await stored(res.body.id))?.lease === null ? true : undefined));
      expect(stopped).toBe(true);
      const before = cities.requests.length;
      expect(before).toBeLessThan(CITIES.length);

      expect((await runs.act(res.body.id, ada, 'resume')).body.status).toBe('pending');
      const done = await runs.finished(res.body.id, ada);
      expect(done).toMatchObject({ status: 'completed', output: CITIES.map((city, index) => `${index}:${city.toUpperCase()}`) });
      expect(trail(done)).toEqual([
        ['start', 'completed'],
        ['each', 'completed'],
        ['end', 'completed'],
      ]);
      expect(cities.requests.map((r) => r.url)).toEqual(CITIES.map((city) => `/city?name=${city}`));
    });
  });
});
