import { LLM_CALL_LOG, LlmCallLog } from '../../../core/ports/llm-call-log.port';
import { MODEL_CONFIG_REPOSITORY, ModelConfigRepository } from '../../../core/ports/model-config-repository.port';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { HttpResult, request } from '../../support/http-client';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
const KEY = 'sk-live-9d2f7a1c-never-shown-4242';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Model configurations: the six routes, who sees what, the key that never comes back, the test call. */
describe('Platform /model-configs', () => {
  const upstream = new FakeOpenAiServer();
  const responses: string[] = [];
  let app: StartedApp;
  let api: string;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let admin: PlatformUser;

  beforeAll(async () => {
    await upstream.start();
    // The fake vendor listens on loopback, which the egress guard refuses unless the operator allow-lists it.
    app = await startApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1', ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD, LLM_RETRY_BASE_MS: '0' });
    api = `${app.platformUrl}/api/v1/model-configs`;
    [ada, bob, admin] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
  });
  beforeEach(() => upstream.reset());
  afterAll(async () => {
    // Whatever a test did, no response ever carried the key.
    expect(responses.filter((text) => text.includes(KEY) || text.includes(KEY.slice(0, 12)))).toEqual([]);
    await app?.stop();
    await upstream.stop();
  });

  const call = async <T = Json>(method: string, path: string, user: PlatformUser | undefined, body?: unknown): Promise<HttpResult<T>> => {
    const result = await request<T>(method, `${api}${path}`, { token: user?.token, body });
    responses.push(result.text);
    return result;
  };
  const configBody = (overrides: Json = {}) => ({
    name: `GPT ${Math.random().toString(36).slice(2, 8)}`,
    provider: 'openai',
    model: 'gpt-4o-mini',
    base_url: upstream.baseUrl,
    api_key: KEY,
    ...overrides,
  });
  const create = async (user: PlatformUser, overrides: Json = {}) => {
    const res = await call<Json>('POST', '', user, configBody(overrides));
    expect(res.status).toBe(201);
    return res.body;
  };
  const repository = () => app.services.app.container.get<ModelConfigRepository>(MODEL_CONFIG_REPOSITORY);

  describe('authentication', () => {
    it.each([
      ['GET', ''],
      ['POST', ''],
      ['GET', '/6f1c2a4e-0000-4000-8000-000000000000'],
      ['PUT', '/6f1c2a4e-0000-4000-8000-000000000000'],
      ['DELETE', '/6f1c2a4e-0000-4000-8000-000000000000'],
      ['POST', '/6f1c2a4e-0000-4000-8000-000000000000/test'],
    ])('When %s /model-configs%s is called without a token, Then it is 401', async (method, path) => {
      const res = await call(method, path, undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });
  });

  describe('POST /model-configs', () => {
    it('When a configuration is created, Then it answers 201 with the record, the key shown only as a hint, and stores the key sealed', async () => {
      const res = await call<Json>('POST', '', ada, configBody({ name: 'My GPT' }));

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID),
        owner_id: ada.id,
        name: 'My GPT',
        provider: 'openai',
        model: 'gpt-4o-mini',
        base_url: upstream.baseUrl,
        has_api_key: true,
        api_key_hint: '****4242',
        is_default: false,
        created_at: expect.stringMatching(ISO),
        updated_at: res.body.created_at,
      });
      const stored = await repository().findById(String(res.body.id));
      expect(stored?.sealedApiKey).toEqual(expect.any(String));
      expect(stored?.sealedApiKey).not.toContain(KEY);
    });

    it('When a local configuration has no key, Then it is stored without one', async () => {
      const body = await create(ada, { provider: 'local', model: 'llama3.1', api_key: undefined });
      expect(body).toMatchObject({ provider: 'local', has_api_key: false, api_key_hint: null });
    });

    it('When an offline configuration names no endpoint, Then base_url is null', async () => {
      const body = await create(ada, { provider: 'offline', model: 'offline-1', base_url: undefined, api_key: undefined });
      expect(body).toMatchObject({ provider: 'offline', base_url: null, has_api_key: false });
    });

    it.each([
      ['no API key for openai', { api_key: undefined }, 'api_key'],
      ['no base URL for local', { provider: 'local', base_url: null, api_key: undefined }, 'base_url'],
      ['an empty name', { name: '' }, 'name'],
      ['a base URL that is not http(s)', { base_url: 'file:///etc/passwd' }, 'base_url'],
      ['an API key with a line break', { api_key: 'sk-1\r\nX-Evil: 1' }, 'api_key'],
    ])('When it has %s, Then it is 422 with details naming the field', async (_label, overrides, field) => {
      const res = await call('POST', '', ada, configBody(overrides));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'validation_error', message: expect.any(String), details: [{ field, message: expect.any(String) }] });
    });

    it('When the provider is unknown, Then it is 422 and the details name provider', async () => {
      const res = await call<Json>('POST', '', ada, configBody({ provider: 'mistral' }));
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field: 'provider' })] });
    });

    it.each([
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.8:11434/v1',
      'http://[::1]:8080/v1',
      'http://localhost:11434/v1',
      'http://0x7f000002/v1',
    ])('When the base URL is %s (private, loopback or metadata), Then it is 422 forbidden_target and nothing is stored', async (baseUrl) => {
      const name = `refused ${Math.random()}`;
      const res = await call('POST', '', ada, configBody({ name, base_url: baseUrl }));
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'forbidden_target', message: 'The destination is not allowed: only public internet addresses can be reached' });
      const mine = await call<{ items: Json[] }>('GET', '?page_size=100', ada);
      expect(mine.body.items.map((c) => c.name)).not.toContain(name);
    });

    it('When the owner already has a configuration of that name, Then it is 409', async () => {
      await create(ada, { name: 'Twice' });
      const res = await call('POST', '', ada, configBody({ name: 'Twice' }));
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: expect.any(String) });
      expect((await call('POST', '', bob, configBody({ name: 'Twice' }))).status).toBe(201);
    });
  });

  describe('GET /model-configs and GET /model-configs/{id}', () => {
    let carol: PlatformUser;
    let theirs: Json;

    beforeAll(async () => {
      carol = await signUp(app.platformUrl);
      for (const name of ['b', 'a', 'c']) await create(carol, { name });
      theirs = await create(bob, { name: 'bob only' });
    });

    it('When a user lists, Then only their configurations come back, by name, in the shared page shape', async () => {
      const res = await call<Json>('GET', '', carol);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ items: expect.any(Array), total: 3, page: 1, page_size: 20 });
      expect((res.body.items as Json[]).map((c) => c.name)).toEqual(['a', 'b', 'c']);
    });

    it('When a page is asked for, Then it is cut and total counts every match; a bad page_size is 422', async () => {
      const res = await call<Json>('GET', '?page=2&page_size=2', carol);
      expect(res.body).toMatchObject({ total: 3, page: 2, page_size: 2 });
      expect((res.body.items as Json[]).map((c) => c.name)).toEqual(['c']);
      expect((await call('GET', '?page_size=101', carol)).status).toBe(422);
    });

    it('When an admin lists, Then everyone’s configurations come back', async () => {
      const res = await call<{ items: Json[]; total: number }>('GET', '?page_size=100', admin);
      expect(res.body.items.map((c) => c.id)).toContain(theirs.id);
      expect(res.body.total).toBeGreaterThanOrEqual(4);
    });

    it('When the owner or an admin reads one, Then it is the same record as on create', async () => {
      expect((await call('GET', `/${theirs.id}`, bob)).body).toEqual(theirs);
      expect((await call('GET', `/${theirs.id}`, admin)).body).toEqual(theirs);
    });

    it.each([
      ['another user’s configuration', () => String(theirs.id)],
      ['an unknown id', () => '6f1c2a4e-0000-4000-8000-000000000000'],
      ['an id that is not a UUID', () => 'not-a-uuid'],
    ])('When a user reads %s, Then it is 404', async (_label, id) => {
      const res = await call('GET', `/${id()}`, carol);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
    });
  });

  describe('PUT /model-configs/{id}', () => {
    it('When only the name and model change, Then the stored key stays and the record says so', async () => {
      const created = await create(ada);
      const res = await call<Json>('PUT', `/${created.id}`, ada, { name: 'Renamed', model: 'gpt-4.1' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...created, name: 'Renamed', model: 'gpt-4.1', updated_at: expect.stringMatching(ISO) });
      const stored = await repository().findById(String(created.id));
      expect(stored?.sealedApiKey).not.toBeNull();
    });

    it('When a new key is given, Then the hint follows it', async () => {
      const created = await create(ada);
      const res = await call<Json>('PUT', `/${created.id}`, ada, { api_key: 'sk-rotated-key-000-9999' });
      expect(res.body).toMatchObject({ has_api_key: true, api_key_hint: '****9999' });
    });

    it('When the base URL moves to another server but the key is not given again, Then it is 422 on api_key; with the key it passes', async () => {
      const created = await create(ada);
      // Another port is another origin (and on loopback, which this server allow-lists, no DNS is needed).
      const moved = 'http://127.0.0.1:9/v1';
      const refused = await call('PUT', `/${created.id}`, ada, { base_url: moved });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ error: 'validation_error', details: [{ field: 'api_key', message: expect.stringContaining('again') }] });

      const accepted = await call<Json>('PUT', `/${created.id}`, ada, { base_url: moved, api_key: KEY });
      expect(accepted.status).toBe(200);
      expect(accepted.body.base_url).toBe(moved);
    });

    it('When the base URL moves inside, Then it is 422 forbidden_target and the record is unchanged', async () => {
      const created = await create(ada);
      const res = await call('PUT', `/${created.id}`, ada, { base_url: 'http://169.254.169.254/v1', api_key: KEY });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'forbidden_target' });
      expect((await call('GET', `/${created.id}`, ada)).body).toEqual(created);
    });

    it('When the key of an openai configuration is removed, Then it is 422: openai needs one', async () => {
      const created = await create(ada);
      const res = await call('PUT', `/${created.id}`, ada, { api_key: null });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ details: [{ field: 'api_key' }] });
    });

    it('When another user changes it, Then it is 404 and nothing changes', async () => {
      const created = await create(ada);
      expect((await call('PUT', `/${created.id}`, bob, { name: 'Mine now' })).status).toBe(404);
      expect((await call('GET', `/${created.id}`, ada)).body).toEqual(created);
    });
  });

  describe('the default configuration', () => {
    it('When configurations become the default in turn, Then exactly one of the owner’s is the default, and other users keep theirs', async () => {
      const dave = await signUp(app.platformUrl);
      const bobsDefault = await create(bob, { is_default: true });
      const first = await create(dave, { name: 'first', is_default: true });
      const second = await create(dave, { name: 'second', is_default: true });
      const defaults = async (user: PlatformUser) =>
        ((await call<{ items: Json[] }>('GET', '?page_size=100', user)).body.items as Json[]).filter((c) => c.is_default).map((c) => c.id);

      expect(await defaults(dave)).toEqual([second.id]);
      const switched = await call<Json>('PUT', `/${first.id}`, dave, { is_default: true });
      expect(switched.body.is_default).toBe(true);
      expect(await defaults(dave)).toEqual([first.id]);
      await call('PUT', `/${first.id}`, dave, { is_default: false });
      expect(await defaults(dave)).toEqual([]);
      expect(await defaults(bob)).toContain(bobsDefault.id);
    });
  });

  describe('DELETE /model-configs/{id}', () => {
    it('When the owner deletes it, Then it is 204 and gone; another user gets 404 and it stays', async () => {
      const created = await create(ada);
      expect((await call('DELETE', `/${created.id}`, bob)).status).toBe(404);
      expect((await call('GET', `/${created.id}`, ada)).status).toBe(200);

      const res = await call('DELETE', `/${created.id}`, ada);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await call('GET', `/${created.id}`, ada)).status).toBe(404);
      expect((await call('DELETE', `/${created.id}`, ada)).status).toBe(404);
    });
  });

  describe('POST /model-configs/{id}/test', () => {
    const CHAT = '/v1/chat/completions';

    it('When the model answers, Then it is success with the latency, the model and its reply, after one upstream call made with the stored key', async () => {
      const created = await create(ada, { model: 'gpt-4o-mini' });
      const res = await call<Json>('POST', `/${created.id}/test`, ada);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true, latency_ms: expect.any(Number), model: 'gpt-4o-mini', reply: expect.stringMatching(/^Echo: /) });
      const calls = upstream.requestsTo(CHAT);
      expect(calls).toHaveLength(1);
      expect(calls[0].headers.authorization).toBe(`Bearer ${KEY}`);
      expect(calls[0].body.model).toBe('gpt-4o-mini');
      const log = app.services.app.container.get<LlmCallLog>(LLM_CALL_LOG);
      const rows = await log.list({ ownerId: ada.id }, 0, 100);
      expect(rows.items.at(-1)).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', outcome: 'success', attempt: 1 });
    });

    it('When the upstream fails with a 500, Then it is 200 success:false with a clear message that names no provider internals, after one attempt', async () => {
      const created = await create(ada);
      upstream.enqueue({ status: 500 });
      const res = await call<Json>('POST', `/${created.id}/test`, ada);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: false,
        latency_ms: expect.any(Number),
        model: 'gpt-4o-mini',
        error: { code: 'upstream_error', message: 'The model server failed (HTTP 500)' },
      });
      expect(res.text).not.toMatch(/fake upstream error|server_error|openai/i);
      expect(upstream.requestsTo(CHAT)).toHaveLength(1);
    });

    it('When the upstream refuses the key, Then the failure says so', async () => {
      const created = await create(ada);
      upstream.enqueue({ status: 401 });
      const res = await call<Json>('POST', `/${created.id}/test`, ada);
      expect(res.body).toMatchObject({ success: false, error: { code: 'authentication_failed', message: 'The model server refused the API key' } });
    });

    it('When another user tests it, Then it is 404 and nothing is sent upstream', async () => {
      const created = await create(ada);
      expect((await call('POST', `/${created.id}/test`, bob)).status).toBe(404);
      expect(upstream.requests).toHaveLength(0);
    });
  });
});
