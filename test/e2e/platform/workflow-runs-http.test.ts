import { LoopbackServer, startLoopbackServer } from '../../fixtures/http/loopback-server';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { stepOf, trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

/** start → post (http POST of JSON to the local server) → found? (status = 200) → true: ok, false: missing → end. */
const orderLookup = (serverUrl: string): Json => ({
  name: 'Order lookup',
  nodes: [
    { id: 'start', type: 'start' },
    {
      id: 'post',
      type: 'http',
      config: {
        method: 'POST',
        url: `${serverUrl}/orders/{{input.order}}`,
        query: { note: '{{input.note}}' },
        headers: { 'x-customer': '{{input.customer}}' },
        body: { order: '{{input.order}}', quantity: '{{input.quantity}}' },
      },
    },
    { id: 'found', type: 'condition', config: { left: '{{post.output.status}}', operator: 'equals', right: '200' } },
    { id: 'ok', type: 'template', config: { template: '{{post.output.body.order}} x{{post.output.body.quantity}} for {{post.output.body.customer}}' } },
    { id: 'missing', type: 'template', config: { template: 'no order {{input.order}} ({{post.output.status}})' } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'post' },
    { source: 'post', target: 'found' },
    { source: 'found', target: 'ok', condition: 'true' },
    { source: 'found', target: 'missing', condition: 'false' },
    { source: 'ok', target: 'end' },
    { source: 'missing', target: 'end' },
  ],
});

/** An http node over HTTP: a request to a local server (allow-listed for egress), its answer branched on. */
describe('Workflow runs over HTTP: an http node to a local server', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let ada: PlatformUser;
  let shop: LoopbackServer;

  beforeAll(async () => {
    shop = await startLoopbackServer((req, res, body) => {
      if (!req.url?.startsWith('/orders/A-')) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('unknown order');
      const sent = JSON.parse(body) as Json;
      res.writeHead(200, { 'content-type': 'application/json', 'set-cookie': 'session=secret' });
      res.end(JSON.stringify({ ...sent, customer: req.headers['x-customer'] }));
    });
    app = await startApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1', EXECUTE_WAIT_SECONDS: '10' });
    runs = workflowRuns(app.platformUrl);
    ada = await signUp(app.platformUrl);
  });
  beforeEach(() => {
    shop.requests.length = 0;
  });
  afterAll(async () => {
    await app?.stop();
    await shop?.close();
  });

  it('When the server answers 200, Then the request carried the rendered URL, query, header and JSON body, and the found branch uses the parsed answer', async () => {
    const id = await runs.create(ada, orderLookup(shop.url));
    const res = await runs.execute(id, ada, { order: 'A-17', quantity: 3, customer: 'Ada', note: 'gift & wrap' });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', output: 'A-17 x3 for Ada' });
    expect(trail(res.body)).toEqual([
      ['start', 'completed'],
      ['post', 'completed'],
      ['found', 'completed'],
      ['missing', 'skipped'],
      ['ok', 'completed'],
      ['end', 'completed'],
    ]);
    expect(shop.requests).toHaveLength(1);
    const [sent] = shop.requests;
    expect(sent).toMatchObject({
      method: 'POST',
      url: '/orders/A-17?note=gift+%26+wrap',
      headers: expect.objectContaining({ 'x-customer': 'Ada', 'content-type': 'application/json' }),
    });
    expect(JSON.parse(sent.body)).toEqual({ order: 'A-17', quantity: 3 });
    const post = stepOf(res.body, 'post');
    expect(post.output).toMatchObject({ status: 200, body: { order: 'A-17', quantity: 3, customer: 'Ada' } });
    expect(Object.keys((post.output as { headers: Json }).headers)).not.toContain('set-cookie');
  });

  it('When the server answers 404 (run async), Then the status is an output, not a failure, and the missing branch runs', async () => {
    const id = await runs.create(ada, orderLookup(shop.url));
    const res = await runs.execute(id, ada, { order: 'B-1', quantity: 1, customer: 'Ada', note: '' }, true);
    expect(res.status).toBe(202);
    const done = await runs.finished(res.body.id, ada);
    expect(done).toMatchObject({ status: 'completed', output: 'no order B-1 (404)' });
    expect(stepOf(done, 'post').output).toMatchObject({ status: 404, body: 'unknown order' });
    expect(trail(done).map(([node]) => node)).toEqual(['start', 'post', 'found', 'ok', 'missing', 'end']);
    expect(stepOf(done, 'ok').status).toBe('skipped');
  });

  it('When the URL names a host the egress guard refuses, Then the node fails with egress.forbidden_target and nothing is sent', async () => {
    const id = await runs.create(ada, orderLookup('http://169.254.169.254'));
    const res = await runs.execute(id, ada, { order: 'A-1', quantity: 1, customer: 'Ada', note: '' });
    expect(res.body).toMatchObject({ status: 'failed', error: { code: 'egress.forbidden_target' } });
    expect(trail(res.body)).toEqual([
      ['start', 'completed'],
      ['post', 'failed'],
      ['found', 'skipped'],
      ['ok', 'skipped'],
      ['missing', 'skipped'],
      ['end', 'skipped'],
    ]);
  });
});
