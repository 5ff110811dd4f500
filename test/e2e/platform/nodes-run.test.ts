import { agentsApi } from '../../support/agents-api';
import { HttpResult, request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;

/** `POST /nodes/run`: one node run on its own, as the caller, with the inputs given as its upstream. */
describe('Platform POST /nodes/run', () => {
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ TOOLS_TEST_RATE_PER_MINUTE: '1000' });
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(() => app?.stop());

  const run = (user: PlatformUser | undefined, body: unknown, url = app.platformUrl): Promise<HttpResult<Json>> =>
    request<Json>('POST', `${url}/api/v1/nodes/run`, { token: user?.token, body });

  describe('a template node', () => {
    it('When it runs, Then it renders the input and the named upstream outputs', async () => {
      const res = await run(ada, {
        type: 'template',
        config: { template: 'Hello {{input.name}}, the weather in {{nodes.fetch.output.city}} is {{nodes.fetch.output.sky}}' },
        inputs: { input: { name: 'Ada' }, nodes: { fetch: { city: 'Paris', sky: 'clear' } } },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'completed',
        output: 'Hello Ada, the weather in Paris is clear',
        branch: null,
        error: null,
        duration_ms: expect.any(Number),
      });
    });

    it('When no predecessor output is given, Then {{last}} is the input, as right after start', async () => {
      const implicit = await run(ada, { type: 'template', config: { template: '[{{last}}]' }, inputs: { input: 'raw' } });
      const explicit = await run(ada, { type: 'template', config: { template: '[{{last}}]' }, inputs: { input: 'raw', last: 'previous' } });
      expect([implicit.body.output, explicit.body.output]).toEqual(['[raw]', '[previous]']);
    });
  });

  describe('a condition node', () => {
    it.each([
      [72, true, 'true'],
      [10, false, 'false'],
    ])('When the score is %d, Then the output is %s and the branch "%s"', async (score, output, branch) => {
      const res = await run(ada, {
        type: 'condition',
        config: { left: '{{input.score}}', operator: 'greater_than', right: '50' },
        inputs: { input: { score } },
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ status: 'completed', output, branch, error: null, duration_ms: expect.any(Number) });
    });
  });

  describe('an invalid node', () => {
    it("When the config breaks the node type's schema, Then it is 422 naming the field", async () => {
      const missing = await run(ada, { type: 'condition', config: { operator: 'greater_than', right: '3' } });
      expect(missing.status).toBe(422);
      expect(missing.body).toEqual({
        error: 'validation_error',
        message: 'Invalid node run',
        details: [{ field: 'config', message: expect.stringContaining('left') }],
      });
      const wrong = await run(ada, { type: 'condition', config: { left: '{{input}}', operator: 'resembles' } });
      expect(wrong.status).toBe(422);
      expect(wrong.body).toMatchObject({ details: [{ field: 'config.operator', message: expect.any(String) }] });
    });

    it('When the node type is unknown, Then it is 422 naming type', async () => {
      const res = await run(ada, { type: 'teleport', config: {} });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: 'Invalid node run',
        details: [{ field: 'type', message: expect.stringMatching(/^must be one of /) }],
      });
    });

    it('When an upstream output is named by something that is not a node id, Then it is 422', async () => {
      const res = await run(ada, { type: 'template', config: { template: 'x' }, inputs: { nodes: { 'two words': 1 } } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ details: [{ field: 'inputs.nodes.two words', message: expect.any(String) }] });
    });

    it('When the type is missing, Then it is 422', async () => {
      expect((await run(ada, { config: {} })).status).toBe(422);
    });
  });

  describe('a node that fails', () => {
    it('When the node fails while running, Then the answer is 200 with status failed and its error', async () => {
      const res = await run(ada, { type: 'tool', config: { tool_id: 'no_such_tool_anywhere', arguments: {} } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'failed',
        output: null,
        branch: null,
        error: { code: expect.any(String), message: expect.any(String) },
        duration_ms: expect.any(Number),
      });
    });

    it("When an agent node names another user's private agent, Then it runs as the caller and fails as not found", async () => {
      const agent = await agentsApi(app.platformUrl).create(ada);
      const res = await run(bob, { type: 'agent', config: { agent_id: agent.id }, inputs: { input: 'hi' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'failed', output: null, error: { code: 'agent.not_found' } });
    });
  });

  it('When the caller has no token, Then it is 401', async () => {
    const res = await run(undefined, { type: 'template', config: { template: 'x' } });
    expect(res.status).toBe(401);
  });

  describe('rate limit', () => {
    let limited: StartedApp;
    beforeAll(async () => {
      limited = await startApp({ TOOLS_TEST_RATE_PER_MINUTE: '2' });
    });
    afterAll(() => limited?.stop());

    it('When a user runs more nodes a minute than tool tests are allowed, Then it is 429 with Retry-After, and other users are not held back', async () => {
      const [carol, dan] = await Promise.all([signUp(limited.platformUrl), signUp(limited.platformUrl)]);
      const body = { type: 'template', config: { template: 'x' } };
      expect((await run(carol, body, limited.platformUrl)).status).toBe(200);
      expect((await run(carol, { type: 'teleport' }, limited.platformUrl)).status).toBe(422);
      const refused = await run(carol, body, limited.platformUrl);
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ error: 'rate_limited', message: 'At most 2 node runs per minute; try again later' });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await run(dan, body, limited.platformUrl)).status).toBe(200);
    });
  });
});
