import { HttpResult, request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const GREETING = { name: 'Greeting', description: 'Says hello', node_type: 'template', config: { template: 'Hello {{input.name}}' } };

/** `/node-templates`: saved node configurations, checked against their node type's schema; private to their owner. */
describe('Platform /node-templates', () => {
  let app: StartedApp;
  let api: string;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    api = `${app.platformUrl}/api/v1/node-templates`;
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(() => app?.stop());

  const call = <T = Json>(method: string, path: string, user: PlatformUser | undefined, body?: unknown): Promise<HttpResult<T>> =>
    request<T>(method, `${api}${path}`, { token: user?.token, body });
  const create = async (user: PlatformUser, body: Json = GREETING): Promise<Json> => {
    const res = await call('POST', '', user, body);
    expect(res.status).toBe(201);
    // Lists are ordered by the change time, in milliseconds: keep each template's distinct.
    await new Promise((resolve) => setTimeout(resolve, 3));
    return res.body;
  };

  describe('authentication', () => {
    it.each([
      ['GET', ''],
      ['POST', ''],
      ['GET', '/0b6f6c1e-8a51-4a55-9f7c-5d7f0e1a2b3c'],
      ['PUT', '/0b6f6c1e-8a51-4a55-9f7c-5d7f0e1a2b3c'],
      ['DELETE', '/0b6f6c1e-8a51-4a55-9f7c-5d7f0e1a2b3c'],
      ['POST', '/0b6f6c1e-8a51-4a55-9f7c-5d7f0e1a2b3c/instantiate'],
    ])('When %s %s has no token, Then it is 401', async (method, path) => {
      const res = await call(method, path, undefined, method === 'GET' || method === 'DELETE' ? undefined : GREETING);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });
  });

  describe('POST /node-templates', () => {
    it('When a valid template is saved, Then it is 201 with the whole template; ids and owners in the body are ignored', async () => {
      const res = await call('POST', '', ada, { ...GREETING, id: 'mine', owner_id: bob.id, created_at: '2000-01-01T00:00:00.000Z' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        name: 'Greeting',
        description: 'Says hello',
        node_type: 'template',
        config: { template: 'Hello {{input.name}}' },
        created_at: expect.stringMatching(ISO),
        updated_at: res.body.created_at,
      });
      expect((await call('GET', `/${String(res.body.id)}`, ada)).body).toEqual(res.body);
    });

    it('When the description is left out, Then it is empty', async () => {
      const body = await create(ada, { name: 'Check', node_type: 'condition', config: { left: '{{input.n}}', operator: 'greater_than', right: '3' } });
      expect(body).toMatchObject({ description: '', node_type: 'condition' });
    });

    it('When the node type is unknown, Then it is 422 naming node_type and the types there are', async () => {
      const res = await call('POST', '', ada, { ...GREETING, node_type: 'teleport' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: 'Invalid node template',
        details: [{ field: 'node_type', message: expect.stringMatching(/^must be one of .*template.*condition|^must be one of .*condition.*template/) }],
      });
    });

    it("When the config breaks the node type's schema, Then it is 422 listing the issues under config", async () => {
      const missing = await call('POST', '', ada, { ...GREETING, config: {} });
      const wrongOperator = await call('POST', '', ada, { name: 'Check', node_type: 'condition', config: { left: 'x', operator: 'resembles' } });
      for (const res of [missing, wrongOperator]) {
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ error: 'validation_error', message: 'Invalid node template' });
      }
      expect((missing.body.details as Json[]).map((issue) => issue.field)).toEqual([expect.stringMatching(/^config(\.template)?$/)]);
      expect((wrongOperator.body.details as Json[]).map((issue) => issue.field)).toEqual(['config.operator']);
    });

    it('When the name is blank or too long, Then it is 422', async () => {
      for (const name of ['   ', 'x'.repeat(101)]) {
        const res = await call('POST', '', ada, { ...GREETING, name });
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ details: [{ field: 'name', message: expect.any(String) }] });
      }
    });

    it('When the config is not an object, Then it is 422', async () => {
      expect((await call('POST', '', ada, { ...GREETING, config: 'Hello' })).status).toBe(422);
    });
  });

  describe('GET /node-templates', () => {
    it('When listed, Then only your templates come back, newest change first, in the shared page shape', async () => {
      const [carol, dan] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
      const first = await create(carol);
      const second = await create(carol, { name: 'Check', node_type: 'condition', config: { left: 'x', operator: 'is_empty' } });
      await create(dan);

      const res = await call('GET', '', carol);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ items: [second, first], total: 2, page: 1, page_size: 20 });
      expect((await call('GET', '?page=2&page_size=1', carol)).body).toEqual({ items: [first], total: 2, page: 2, page_size: 1 });

      await call('PUT', `/${String(first.id)}`, carol, { description: 'changed' });
      expect(((await call('GET', '', carol)).body.items as Json[]).map((item) => item.id)).toEqual([first.id, second.id]);
    });

    it('When filtered by node_type, Then only that type comes back', async () => {
      const carol = await signUp(app.platformUrl);
      const greeting = await create(carol);
      await create(carol, { name: 'Check', node_type: 'condition', config: { left: 'x', operator: 'is_empty' } });
      expect((await call('GET', '?node_type=template', carol)).body).toEqual({ items: [greeting], total: 1, page: 1, page_size: 20 });
      expect((await call('GET', '?node_type=llm', carol)).body).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
    });

    it('When the pagination is out of range, Then it is 422', async () => {
      expect((await call('GET', '?page_size=101', ada)).status).toBe(422);
      expect((await call('GET', '?page=0', ada)).status).toBe(422);
    });
  });

  describe('PUT /node-templates/{id}', () => {
    it('When fields are changed, Then the others keep their values and updated_at moves on', async () => {
      const template = await create(ada);
      const res = await call('PUT', `/${String(template.id)}`, ada, { name: 'Warm greeting', config: { template: 'Welcome, {{input.name}}!' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...template,
        name: 'Warm greeting',
        config: { template: 'Welcome, {{input.name}}!' },
        updated_at: expect.stringMatching(ISO),
      });
      expect((await call('GET', `/${String(template.id)}`, ada)).body).toEqual(res.body);
    });

    it('When the node type changes without a config that fits it, Then it is 422 and nothing changes', async () => {
      const template = await create(ada);
      const res = await call('PUT', `/${String(template.id)}`, ada, { node_type: 'condition' });
      expect(res.status).toBe(422);
      expect((await call('GET', `/${String(template.id)}`, ada)).body).toEqual(template);
    });
  });

  describe('DELETE /node-templates/{id}', () => {
    it('When deleted, Then it is 204 and the template is gone', async () => {
      const template = await create(ada);
      const res = await call('DELETE', `/${String(template.id)}`, ada);
      expect([res.status, res.text]).toEqual([204, '']);
      expect((await call('GET', `/${String(template.id)}`, ada)).status).toBe(404);
      expect((await call('DELETE', `/${String(template.id)}`, ada)).status).toBe(404);
    });
  });

  describe('POST /node-templates/{id}/instantiate', () => {
    it('When instantiated, Then a workflow node comes back with a fresh id, the type, the name as label and the config', async () => {
      const template = await create(ada);
      const res = await call('POST', `/${String(template.id)}/instantiate`, ada);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^template_[0-9a-f]{8}$/),
        type: 'template',
        label: 'Greeting',
        config: { template: 'Hello {{input.name}}' },
      });
    });

    it('When a node id is asked for, Then the node has it; an id templates could not name is 422', async () => {
      const template = await create(ada);
      expect((await call('POST', `/${String(template.id)}/instantiate`, ada, { node_id: 'greet' })).body).toMatchObject({ id: 'greet' });
      const res = await call('POST', `/${String(template.id)}/instantiate`, ada, { node_id: 'two words' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ details: [{ field: 'node_id', message: expect.any(String) }] });
    });
  });

  describe("another user's template", () => {
    it('When another user reads, changes, deletes or instantiates it, Then it is 404 and it stays as it was', async () => {
      const template = await create(ada);
      const id = String(template.id);
      for (const [method, path, body] of [
        ['GET', `/${id}`, undefined],
        ['PUT', `/${id}`, { name: 'Hijacked' }],
        ['DELETE', `/${id}`, undefined],
        ['POST', `/${id}/instantiate`, undefined],
      ] as const) {
        const res = await call(method, path, bob, body);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'not_found', message: `Node template "${id}" not found` });
      }
      expect(((await call('GET', '', bob)).body.items as Json[]).map((item) => item.id)).not.toContain(id);
      expect((await call('GET', `/${id}`, ada)).body).toEqual(template);
    });

    it('When the id is not a UUID, Then it is 404', async () => {
      expect((await call('GET', '/not-a-uuid', ada)).status).toBe(404);
    });
  });
});
