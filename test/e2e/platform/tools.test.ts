import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CUSTOM_TOOL_REPOSITORY, CustomToolRepository } from '../../../core/ports/custom-tool-repository.port';
import { JsonSchema } from '../../../core/shared/json';
import { TOOL_REGISTRY, ToolRegistry } from '../../../core/ports/tool-registry.port';
import { request } from '../../support/http-client';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildPlugins } = require('../../../bin/build-plugins.js') as { buildPlugins(o: { roots: string[]; only?: string[] }): unknown };

type Json = Record<string, unknown>;
const SECRET = 'sk-live-7f3a9c1e-do-not-leak';
/** `^(a+)+$` against this takes a backtracking engine (JavaScript's RegExp) about 15 s on a 2-vCPU box. */
const HOSTILE_SHORT = `${'a'.repeat(30)}!`;
const HOSTILE_LONG = `${'a'.repeat(100_000)}!`;

/** Tools API: catalogue, custom tool records and who may see them (execution is in tools-execution.test.ts). */
describe('Platform Tools API: catalogue and custom tools', () => {
  let app: StartedApp;
  let api: string;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let admin: PlatformUser;
  let registry: ToolRegistry;

  beforeAll(async () => {
    buildPlugins({ roots: [join(__dirname, '../../../tools-builtin')], only: ['calculator'] });
    app = await startApp({ ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    api = `${app.platformUrl}/api/v1/tools`;
    [ada, bob, admin] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
    registry = app.services.app.container.get<ToolRegistry>(TOOL_REGISTRY);
  });
  afterAll(async () => {
    await app.stop();
  });

  const call = <T = Json>(method: string, path: string, user: PlatformUser | undefined, body?: unknown) =>
    request<T>(method, `${api}${path}`, { token: user?.token, body });
  const httpTool = (overrides: Json = {}) => ({
    name: `weather_${Math.random().toString(36).slice(2, 8)}`,
    description: 'Current weather for a city',
    kind: 'http',
    config: {
      url: 'https://api.example.com/weather?q={{city}}',
      method: 'GET',
      headers: { accept: 'application/json' },
      auth: { type: 'bearer', secret: SECRET },
    },
    input_schema: { type: 'object', required: ['city'], properties: { city: { type: 'string', maxLength: 100 } } },
    ...overrides,
  });
  const codeTool = (overrides: Json = {}) => ({
    name: `double_${Math.random().toString(36).slice(2, 8)}`,
    description: 'Doubles n',
    kind: 'code',
    config: { code: 'function main(input) { return input.n * 2; }' },
    input_schema: { type: 'object', properties: { n: { type: 'number' } } },
    ...overrides,
  });
  const create = async (user: PlatformUser, body: Json) => {
    const res = await call<Json>('POST', '', user, body);
    expect(res.status).toBe(201);
    return res.body;
  };

  describe('authentication', () => {
    it.each([
      ['GET', ''],
      ['GET', '/categories'],
      ['GET', '/builtin'],
      ['GET', '/calculator'],
      ['POST', ''],
      ['PUT', '/calculator'],
      ['DELETE', '/calculator'],
      ['POST', '/test/http'],
      ['POST', '/test/code'],
      ['POST', '/calculator/use'],
    ])('When %s /tools%s is called without a token, Then it is 401', async (method, path) => {
      const res = await call(method, path, undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });
  });

  describe('GET /tools/builtin and GET /tools/{id} of a built-in', () => {
    it('When the built-ins are listed, Then every loaded one comes back and total is their real number', async () => {
      const res = await call<{ items: Json[]; total: number }>('GET', '/builtin', ada);
      const loaded = registry.list({ builtin: true }).map((d) => d.id);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(loaded.length);
      expect(res.body.items.map((t) => t.id)).toEqual(loaded);
      expect(res.body.items.every((t) => t.builtin === true && t.kind === 'builtin')).toBe(true);
    });

    it('When the calculator is read, Then the whole record with its schemas comes back', async () => {
      const res = await call('GET', '/calculator', ada);
      const manifest = registry.get('calculator');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        id: 'calculator',
        name: 'calculator',
        display_name: 'Calculator',
        description: manifest?.description,
        category: 'math',
        kind: 'builtin',
        input_schema: manifest?.inputSchema,
        output_schema: manifest?.outputSchema,
        builtin: true,
        version: manifest?.version,
        publisher: 'builtin',
        capabilities: [],
        examples: manifest?.examples,
      });
    });

    it('When an unknown tool is read, Then it is 404', async () => {
      expect((await call('GET', '/no_such_tool', ada)).status).toBe(404);
      expect((await call('GET', '/00000000-0000-4000-8000-000000000000', ada)).body).toEqual({ error: 'not_found', message: expect.any(String) });
    });
  });

  describe('POST /tools', () => {
    it('When an http tool with a secret is created, Then it is 201, the secret is stored sealed and never returned', async () => {
      const body = httpTool({ id: 'chosen-id', owner_id: bob.id, output_schema: { type: 'object' } });
      const res = await call<Json>('POST', '', ada, body);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        name: body.name,
        description: 'Current weather for a city',
        category: 'web',
        kind: 'http',
        input_schema: body.input_schema,
        output_schema: { type: 'object' },
        builtin: false,
        owner_id: ada.id,
        config: {
          url: 'https://api.example.com/weather?q={{city}}',
          method: 'GET',
          headers: { accept: 'application/json' },
          body_template: null,
          response_mapping: null,
          auth: { type: 'bearer', has_secret: true },
        },
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/),
        updated_at: res.body.created_at,
      });
      const read = await call('GET', `/${res.body.id as string}`, ada);
      expect(read.body).toEqual(res.body);
      expect(read.text).not.toContain(SECRET);
      const stored = await app.services.app.container.get<CustomToolRepository>(CUSTOM_TOOL_REPOSITORY).findById(res.body.id as string);
      expect(stored?.sealedSecret).toMatch(/^v1\./);
      expect(JSON.stringify(stored)).not.toContain(SECRET);
    });

    it('When the owner reuses a name, Then it is 409; another user may use it', async () => {
      const body = codeTool();
      await create(ada, body);
      expect((await call('POST', '', ada, body)).body).toEqual({ error: 'conflict', message: expect.any(String) });
      expect((await call('POST', '', bob, body)).status).toBe(201);
    });

    it('When the name is a built-in tool id, Then it is 409', async () => {
      expect((await call('POST', '', ada, codeTool({ name: 'Calculator' }))).status).toBe(409);
    });

    it('When required fields are missing or of the wrong type, Then it is 422 naming them', async () => {
      const res = await call<{ error: string; details: { field: string }[] }>('POST', '', ada, { name: 'x_tool', kind: 'sql', config: {} });
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('validation_error');
      expect(res.body.details.map((d) => d.field)).toEqual(expect.arrayContaining(['description', 'kind', 'input_schema']));
    });

    it('When the config and schemas are invalid, Then it is 422 with every problem', async () => {
      const res = await call<Json>(
        'POST',
        '',
        ada,
        httpTool({
          input_schema: { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)\\1$' } } },
          output_schema: { type: 'nonsense' },
          config: { url: 'file:///etc/passwd', headers: { 'X-Api-Key': 'plain' } },
        }),
      );
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: 'Invalid custom tool',
        details: [
          { field: 'config.url', message: 'must use http or https' },
          { field: 'config.headers.X-Api-Key', message: 'credentials are not stored in plain headers; use config.auth' },
          { field: 'input_schema.properties.code.pattern', message: expect.stringContaining('not supported by the linear-time matcher') },
          { field: 'output_schema.type', message: 'must be equal to one of the allowed values' },
        ],
      });
    });

    it('When a schema holds a catastrophic pattern, with or without maxLength, Then the tool is created and hostile arguments are matched in linear time', async () => {
      const tool = await create(
        ada,
        codeTool({
          input_schema: {
            type: 'object',
            properties: { short: { type: 'string', maxLength: 100, pattern: '^(a+)+$' }, long: { type: 'string', pattern: '^(a+)+$' } },
          },
        }),
      );
      for (const args of [{ short: HOSTILE_SHORT }, { long: HOSTILE_LONG }]) {
        const started = performance.now();
        const res = await call<Json>('POST', `/${tool.id as string}/use`, ada, { arguments: args });
        expect(performance.now() - started).toBeLessThan(1000);
        expect(res.body).toMatchObject({
          success: false,
          error: { code: 'invalid_input', message: expect.stringMatching(/^arguments\.(short|long) must match pattern "\^\(a\+\)\+\$"$/) },
        });
      }
    });
  });

  describe('hostile schemas', () => {
    /** `{anyOf: [{$ref: next}, {$ref: next}]}` on every level: 2^levels paths to the last one. */
    const anyOfChain = (levels: number): JsonSchema => {
      const definitions: JsonSchema = { [`l${levels}`]: { type: 'string' } };
      for (let level = 0; level < levels; level += 1)
        definitions[`l${level}`] = { anyOf: [{ $ref: `#/definitions/l${level + 1}` }, { $ref: `#/definitions/l${level + 1}` }] };
      return { type: 'object', definitions, properties: { x: { $ref: '#/definitions/l0' } } };
    };

    it.each([
      ['30 levels deep', anyOfChain(30), 'more than 32 levels deep'],
      ['10 levels deep (1024 paths)', anyOfChain(10), 'more than 5000 JSON values'],
    ])('When a chain of anyOf and $ref is %s, Then the tool is refused with 422 before anything compiles it', async (_name, inputSchema, reason) => {
      const started = performance.now();
      const res = await call<Json>('POST', '', ada, codeTool({ input_schema: inputSchema }));
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [{ field: 'input_schema', message: expect.stringContaining(reason) }] });
    });

    it('When a stored tool holds a schema saved before these bounds, Then using it answers unavailable without compiling the schema', async () => {
      const tool = await create(ada, codeTool());
      const tools = app.services.app.container.get<CustomToolRepository>(CUSTOM_TOOL_REPOSITORY);
      const stored = await tools.findById(tool.id as string);
      await tools.update({ ...stored!, inputSchema: anyOfChain(30) });
      const started = performance.now();
      const res = await call<Json>('POST', `/${tool.id as string}/use`, ada, { arguments: { x: 'a' } });
      expect(performance.now() - started).toBeLessThan(1000);
      expect(res.body).toMatchObject({
        success: false,
        error: { code: 'unavailable', message: expect.stringContaining('input_schema nests subschemas more than 32 levels deep') },
      });
    });

    it('When hostile arguments and a hostile output hit catastrophic patterns, Then /health keeps answering within 1 s while they run', async () => {
      const tool = await create(
        ada,
        codeTool({
          config: { code: "function main() { return 'a'.repeat(100000) + '!'; }" },
          input_schema: {
            type: 'object',
            properties: { short: { type: 'string', maxLength: 100, pattern: '^(a+)+$' }, long: { type: 'string', pattern: '^(a+)+$' } },
          },
          output_schema: { type: 'string', pattern: '^(a+)+$' },
        }),
      );
      const use = (args: Json) => call<Json>('POST', `/${tool.id as string}/use`, ada, { arguments: args });
      const uses = Promise.all([use({ short: HOSTILE_SHORT }), use({ long: HOSTILE_LONG }), use({}), use({ short: HOSTILE_SHORT })]);
      let settled = false;
      void uses.finally(() => (settled = true));
      const probes: number[] = [];
      do {
        const started = performance.now();
        expect((await request('GET', `${app.platformUrl}/health`)).status).toBe(200);
        probes.push(performance.now() - started);
      } while (!settled);
      expect(Math.max(...probes)).toBeLessThan(1000);
      const outcomes = (await uses).map((res) => (res.body.error as Json | undefined)?.code);
      expect(outcomes).toEqual(['invalid_input', 'invalid_input', 'invalid_output', 'invalid_input']);
    });
  });

  describe('who sees and changes custom tools', () => {
    let adaTool: Json;
    beforeAll(async () => {
      adaTool = await create(ada, httpTool({ name: 'private_weather', category: 'data' }));
    });

    it.each([
      ['GET', ''],
      ['PUT', ''],
      ['DELETE', ''],
      ['POST', '/use'],
    ])('When another user calls %s on it, Then it is 404 as if it did not exist', async (method, suffix) => {
      const res = await call(
        method,
        `/${adaTool.id as string}${suffix}`,
        bob,
        method === 'GET' || method === 'DELETE' ? undefined : { description: 'mine now', arguments: { city: 'x' } },
      );
      expect(res.status).toBe(404);
      expect((await call('GET', `/${adaTool.id as string}`, ada)).body).toMatchObject({ description: 'Current weather for a city' });
    });

    it('When users list tools, Then each sees only their own custom tools; an admin sees everyone’s', async () => {
      const ids = async (user: PlatformUser) => (await call<{ items: Json[] }>('GET', '?kind=http&page_size=100', user)).body.items.map((t) => t.id);
      expect(await ids(ada)).toContain(adaTool.id);
      expect(await ids(bob)).not.toContain(adaTool.id);
      expect(await ids(admin)).toContain(adaTool.id);
      expect((await call('GET', `/${adaTool.id as string}`, admin)).status).toBe(200);
    });

    it('When the owner updates it, Then the fields change, updated_at moves and the stored secret is kept', async () => {
      const res = await call<Json>('PUT', `/${adaTool.id as string}`, ada, {
        description: 'Weather, updated',
        config: { url: 'https://api.example.com/v2?q={{city}}' },
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: adaTool.id,
        description: 'Weather, updated',
        created_at: adaTool.created_at,
        config: { url: 'https://api.example.com/v2?q={{city}}', method: 'GET', headers: {}, auth: { type: 'bearer', has_secret: true } },
      });
      expect(Date.parse(res.body.updated_at as string)).toBeGreaterThanOrEqual(Date.parse(adaTool.updated_at as string));
    });

    it('When the owner moves its URL to another origin without sending the secret again, Then it is 422 and the tool still points where it did', async () => {
      const res = await call<Json>('PUT', `/${adaTool.id as string}`, ada, { config: { url: 'https://collector.example.net/v2?q={{city}}' } });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: [{ field: 'config.auth.secret', message: expect.stringContaining('another origin') }],
      });
      const stored = await app.services.app.container.get<CustomToolRepository>(CUSTOM_TOOL_REPOSITORY).findById(adaTool.id as string);
      expect(stored).toMatchObject({ config: { url: 'https://api.example.com/v2?q={{city}}' }, sealedSecret: expect.stringMatching(/^v1\./) });
    });

    it('When a tool with a credential would take its host from an argument, Then it is 422', async () => {
      const res = await call<Json>(
        'POST',
        '',
        ada,
        httpTool({ config: { url: 'https://{{tenant}}.example.com/weather', method: 'GET', auth: { type: 'bearer', secret: SECRET } } }),
      );
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [{ field: 'config.url', message: expect.stringContaining('host') }] });
    });

    it('When the owner moves its URL to another origin with a new secret, Then the new secret replaces the old one', async () => {
      const tool = await create(ada, httpTool());
      const repository = app.services.app.container.get<CustomToolRepository>(CUSTOM_TOOL_REPOSITORY);
      const before = (await repository.findById(tool.id as string))?.sealedSecret;
      const res = await call<Json>('PUT', `/${tool.id as string}`, ada, {
        config: { url: 'https://weather.example.org/now?q={{city}}', auth: { type: 'bearer', secret: 'sk-new-origin' } },
      });
      expect(res.status).toBe(200);
      const after = await repository.findById(tool.id as string);
      expect(after?.sealedSecret).toMatch(/^v1\./);
      expect(after?.sealedSecret).not.toBe(before);
    });

    it('When an admin updates it with auth null, Then the secret is removed from storage too', async () => {
      const repository = app.services.app.container.get<CustomToolRepository>(CUSTOM_TOOL_REPOSITORY);
      expect((await repository.findById(adaTool.id as string))?.sealedSecret).toMatch(/^v1\./);
      const res = await call<Json>('PUT', `/${adaTool.id as string}`, admin, { config: { url: 'https://api.example.com/v3', auth: null } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ owner_id: ada.id, config: { auth: null } });
      const stored = await repository.findById(adaTool.id as string);
      expect(stored).toMatchObject({ config: { url: 'https://api.example.com/v3', auth: null }, sealedSecret: null });
      expect(JSON.stringify(stored)).not.toContain(SECRET);
    });

    it('When an update is invalid, Then it is 422 and nothing changes', async () => {
      const res = await call('PUT', `/${adaTool.id as string}`, ada, { kind: 'code' });
      expect(res.status).toBe(422);
      expect((await call('GET', `/${adaTool.id as string}`, ada)).body).toMatchObject({ kind: 'http' });
    });

    it('When a built-in tool is updated or deleted, Then it is 403', async () => {
      expect((await call('PUT', '/calculator', ada, { description: 'mine' })).body).toEqual({ error: 'forbidden', message: expect.any(String) });
      expect((await call('DELETE', '/calculator', admin)).status).toBe(403);
    });

    it('When the owner deletes a tool, Then it is 204 and the tool is gone', async () => {
      const tool = await create(ada, codeTool());
      const res = await call('DELETE', `/${tool.id as string}`, ada);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await call('GET', `/${tool.id as string}`, ada)).status).toBe(404);
      expect((await call('DELETE', `/${tool.id as string}`, ada)).status).toBe(404);
    });
  });

  describe('GET /tools and GET /tools/categories', () => {
    let carol: PlatformUser;
    beforeAll(async () => {
      carol = await signUp(app.platformUrl);
      await create(carol, codeTool({ name: 'zz_adder', description: 'Adds numbers', category: 'math' }));
      await create(carol, codeTool({ name: 'aa_formatter', description: 'Formats CALCULATIONS' }));
    });
    const kernelTools = () => registry.list();

    it('When listed with defaults, Then page 1 of 20 holds kernel tools by id and total counts custom tools too', async () => {
      const res = await call<{ items: Json[]; total: number; page: number; page_size: number }>('GET', '', carol);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: kernelTools().length + 2, page: 1, page_size: 20 });
      expect(res.body.items.map((t) => t.id)).toEqual(
        kernelTools()
          .slice(0, 20)
          .map((d) => d.id),
      );
    });

    it('When the last page is asked, Then custom tools follow the kernel tools, by name', async () => {
      const total = kernelTools().length + 2;
      const res = await call<{ items: Json[] }>('GET', `?page=${Math.ceil(total / 3)}&page_size=3`, carol);
      const expected = [...kernelTools().map((d) => d.id), 'aa_formatter', 'zz_adder'].slice((Math.ceil(total / 3) - 1) * 3);
      expect(res.body.items.map((t) => (t.builtin ? t.id : t.name))).toEqual(expected);
    });

    it('When filtered by category, kind and search, Then only matching tools come back', async () => {
      const math = await call<{ items: Json[]; total: number }>('GET', '?category=math&page_size=100', carol);
      expect(math.body.items.map((t) => t.name)).toEqual([
        ...kernelTools()
          .filter((d) => d.category === 'math')
          .map((d) => d.id),
        'zz_adder',
      ]);
      const code = await call<{ items: Json[]; total: number }>('GET', '?kind=code', carol);
      expect(code.body).toMatchObject({ total: 2, items: [{ name: 'aa_formatter' }, { name: 'zz_adder' }] });
      const search = await call<{ items: Json[] }>('GET', '?search=CALCUL&page_size=100', carol);
      const matching = kernelTools().filter((d) => [d.id, d.name, d.description].some((text) => /calcul/i.test(text)));
      expect(matching.map((d) => d.id)).toContain('calculator');
      expect(search.body.items.map((t) => t.name)).toEqual([...matching.map((d) => d.id), 'aa_formatter']);
    });

    it('When a filter or pagination value is out of range, Then it is 422 naming it', async () => {
      const res = await call<{ details: { field: string }[] }>('GET', '?page=0&page_size=101&category=magic&kind=robot', carol);
      expect(res.status).toBe(422);
      expect(res.body.details.map((d) => d.field).sort()).toEqual(['category', 'kind', 'page', 'page_size']);
    });

    it('When the categories are listed, Then all 11 come back in order with the caller’s counts', async () => {
      const res = await call<{ items: { id: string; name: string; count: number }[]; total: number }>('GET', '/categories', carol);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(11);
      expect(res.body.items.map((c) => c.id)).toEqual([
        'text',
        'math',
        'encoding',
        'web',
        'knowledge',
        'llm',
        'files',
        'data',
        'communication',
        'platform',
        'code',
      ]);
      expect(res.body.items[1]).toEqual({ id: 'math', name: 'Math', count: kernelTools().filter((d) => d.category === 'math').length + 1 });
      const code = res.body.items.find((c) => c.id === 'code');
      expect(code?.count).toBe(kernelTools().filter((d) => d.category === 'code').length + 1);
    });
  });
});
