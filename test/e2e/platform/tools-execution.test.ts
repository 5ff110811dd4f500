import { join } from 'node:path';
import { LoopbackServer, startLoopbackServer } from '../../fixtures/http/loopback-server';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildPlugins } = require('../../../bin/build-plugins.js') as { buildPlugins(o: { roots: string[]; only?: string[] }): unknown };

type Json = Record<string, unknown>;
const SECRET = 'sk-live-7f3a9c1e-do-not-leak';
const receipt = (fields: Json = {}) =>
  expect.objectContaining({
    wall_ms: expect.any(Number),
    cpu_ms: expect.any(Number),
    heap_bytes: expect.any(Number),
    capabilities_used: expect.any(Array),
    http_calls: expect.any(Number),
    ...fields,
  });

/** Tools API: invoking tools, testing HTTP requests and code, and the per-user test rate limit. */
describe('Platform Tools API: use and test', () => {
  let upstream: LoopbackServer;
  let app: StartedApp;
  let user: PlatformUser;

  beforeAll(async () => {
    buildPlugins({ roots: [join(__dirname, '../../../tools-builtin')], only: ['calculator'] });
    upstream = await startLoopbackServer((req, res) => {
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(body));
      };
      if (req.url?.startsWith('/weather')) json(200, { data: { current: { temp: 21 } }, meta: 'x' }, { 'set-cookie': 'session=abc', 'x-upstream': 'yes' });
      else if (req.url === '/broken') json(500, { error: 'boom' });
      else json(200, { path: req.url });
    });
    app = await startApp({ EGRESS_ALLOW_HOSTS: '127.0.0.1' });
    user = await signUp(app.platformUrl);
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  const api = (path: string) => `${app.platformUrl}/api/v1/tools${path}`;
  const post = <T = Json>(path: string, body: unknown, as: PlatformUser = user) => request<T>('POST', api(path), { token: as.token, body });
  const createTool = async (body: Json) => {
    const res = await post('', { description: 'A tool under test', input_schema: { type: 'object' }, ...body });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const use = (id: string, args: Json) => post(`/${id}/use`, { arguments: args });
  const serverStillAnswers = async () => {
    expect(await use('calculator', { expression: '1 + 1' })).toMatchObject({ status: 200, body: { success: true, result: { value: 2 } } });
  };

  describe('POST /tools/{id}/use of a built-in', () => {
    it('When the calculator gets an expression, Then it answers the value and a receipt', async () => {
      const res = await use('calculator', { expression: '(2^10 - 24) / 10' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        result: { value: 100 },
        receipt: receipt({ tool_id: 'calculator', version: '2.0.0', capabilities_used: [], http_calls: 0, outcome: 'success' }),
      });
    });

    it('When the calculator cannot read the expression, Then it is 200 with success false, runtime_error and the tool’s reason', async () => {
      const res = await use('calculator', { expression: '2 +' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: false,
        error: { code: 'runtime_error', reason: 'syntax_error', message: expect.stringContaining('Expected expression') },
        receipt: receipt({ tool_id: 'calculator', outcome: 'runtime_error' }),
      });
    });

    it('When the arguments break the input schema, Then it is 200 with invalid_input', async () => {
      const res = await use('calculator', { expression: 42, extra: true });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: false,
        error: { code: 'invalid_input', message: expect.any(String) },
        receipt: receipt({ tool_id: 'calculator', outcome: 'invalid_input' }),
      });
    });

    it('When the tool does not exist, Then it is 404', async () => {
      expect((await use('no_such_tool', {})).status).toBe(404);
    });
  });

  describe('POST /tools/{id}/use of a custom http tool', () => {
    let weatherId: string;
    beforeAll(async () => {
      weatherId = await createTool({
        name: 'weather',
        kind: 'http',
        config: {
          url: `${upstream.url}/weather?q={{city}}`,
          method: 'POST',
          headers: { 'x-trace': '{{trace}}' },
          body_template: { city: '{{city}}', days: '{{days}}', fixed: true },
          response_mapping: 'data.current',
          auth: { type: 'bearer', secret: SECRET },
        },
        input_schema: {
          type: 'object',
          required: ['city'],
          properties: { city: { type: 'string', maxLength: 100 }, days: { type: 'integer' }, trace: { type: 'string', maxLength: 20 } },
        },
      });
    });

    it('When it is used, Then the filled request with the decrypted secret reaches upstream and the mapped result comes back', async () => {
      const before = upstream.requests.length;
      const res = await use(weatherId, { city: 'São Paulo & co', days: 3, trace: 't-1' });
      expect(res.body).toEqual({
        success: true,
        result: { temp: 21 },
        receipt: receipt({ tool_id: weatherId, capabilities_used: ['http'], http_calls: 1, outcome: 'success' }),
      });
      expect(res.text).not.toContain(SECRET);
      const sent = upstream.requests[before];
      expect(sent).toMatchObject({ method: 'POST', url: '/weather?q=S%C3%A3o%20Paulo%20%26%20co' });
      expect(sent.headers).toMatchObject({ authorization: `Bearer ${SECRET}`, 'x-trace': 't-1', 'content-type': 'application/json' });
      expect(JSON.parse(sent.body)).toEqual({ city: 'São Paulo & co', days: 3, fixed: true });
      expect((await request('GET', api(`/${weatherId}`), { token: user.token })).text).not.toContain(SECRET);
    });

    it('When the arguments break its input schema, Then it is invalid_input and nothing is sent', async () => {
      const before = upstream.requests.length;
      const res = await use(weatherId, { city: 'Paris', days: 'three' });
      expect(res.body).toMatchObject({
        success: false,
        error: { code: 'invalid_input', message: 'arguments.days must be integer' },
        receipt: { outcome: 'invalid_input', http_calls: 0 },
      });
      expect(upstream.requests.length).toBe(before);
    });

    it('When the secret goes in a named header, Then upstream gets that header', async () => {
      const id = await createTool({
        name: 'keyed',
        kind: 'http',
        config: { url: `${upstream.url}/keyed`, auth: { type: 'header', header_name: 'X-Api-Key', secret: SECRET } },
      });
      const res = await use(id, {});
      expect(res.body).toMatchObject({ success: true, result: { path: '/keyed' } });
      expect(upstream.requests.at(-1)?.headers['x-api-key']).toBe(SECRET);
    });

    it('When upstream answers 500, Then it is 200 with success false and runtime_error', async () => {
      const id = await createTool({ name: 'broken', kind: 'http', config: { url: `${upstream.url}/broken` } });
      expect((await use(id, {})).body).toMatchObject({
        success: false,
        error: { code: 'runtime_error', message: 'The service answered HTTP 500' },
        receipt: { http_calls: 1 },
      });
    });

    it('When the URL is the cloud metadata address, Then the egress guard refuses it as capability_denied', async () => {
      const id = await createTool({ name: 'metadata', kind: 'http', config: { url: 'http://169.254.169.254/latest/meta-data/' } });
      expect((await use(id, {})).body).toMatchObject({ success: false, error: { code: 'capability_denied' } });
    });
  });

  describe('POST /tools/{id}/use of a custom code tool', () => {
    it('When it is used, Then main runs in the sandbox on the arguments', async () => {
      const id = await createTool({
        name: 'adder',
        kind: 'code',
        config: { code: 'async function main(input) { return input.a + input.b; }' },
        output_schema: { type: 'number' },
      });
      expect((await use(id, { a: 2, b: 40 })).body).toEqual({ success: true, result: 42, receipt: receipt({ tool_id: id, outcome: 'success' }) });
    });

    it('When the result breaks its output schema, Then it is invalid_output', async () => {
      const id = await createTool({
        name: 'liar',
        kind: 'code',
        config: { code: 'function main() { return "not a number"; }' },
        output_schema: { type: 'number' },
      });
      expect((await use(id, {})).body).toMatchObject({ success: false, error: { code: 'invalid_output' }, receipt: { outcome: 'invalid_output' } });
    });

    it('When it loops forever, Then it fails with timeout and the server still answers', async () => {
      const id = await createTool({ name: 'spinner', kind: 'code', config: { code: 'function main() { for (;;) {} }' } });
      expect((await use(id, {})).body).toMatchObject({ success: false, error: { code: 'timeout' }, receipt: { tool_id: id, outcome: 'timeout' } });
      await serverStillAnswers();
    });
  });

  describe('POST /tools/test/http', () => {
    it('When the destination is allow-listed, Then the answer comes back without credential headers', async () => {
      const res = await post('/test/http', { url: `${upstream.url}/weather`, method: 'post', headers: { 'X-Probe': '1' }, body: { hello: 'world' } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        success: true,
        status: 200,
        headers: expect.objectContaining({ 'content-type': 'application/json', 'x-upstream': 'yes' }),
        body: JSON.stringify({ data: { current: { temp: 21 } }, meta: 'x' }),
      });
      expect(res.body.headers).not.toHaveProperty('set-cookie');
      expect(upstream.requests.at(-1)).toMatchObject({ method: 'POST', body: '{"hello":"world"}', headers: { 'x-probe': '1' } });
    });

    it('When the destination is the cloud metadata address, Then it is 422 forbidden_target', async () => {
      const res = await post('/test/http', { url: 'http://169.254.169.254/latest/meta-data/' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'forbidden_target', message: expect.any(String) });
    });

    it('When nothing listens there, Then it is 200 with success false and upstream_error', async () => {
      const res = await post('/test/http', { url: 'http://127.0.0.1:1/' });
      expect(res.body).toEqual({ success: false, status: 0, headers: {}, body: '', error: { code: 'upstream_error', message: expect.any(String) } });
    });

    it('When a header value is not Latin-1 or a header name is not a token, Then it is 422 naming them and nothing is sent', async () => {
      const sent = upstream.requests.length;
      const alone = await post('/test/http', { url: `${upstream.url}/weather`, headers: { 'X-City': '東京' } });
      expect(alone.status).toBe(422);
      expect(alone.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: [{ field: 'headers.X-City', message: expect.stringContaining('Latin-1') }],
      });
      const res = await post('/test/http', {
        url: `${upstream.url}/weather`,
        headers: { 'X-City': '東京', 'X-Ok': 'Zürich', 'Bad Name': 'x', 'X-Emoji': '☕' },
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: [
          { field: 'headers.X-City', message: expect.stringContaining('Latin-1') },
          { field: 'headers.Bad Name', message: expect.any(String) },
          { field: 'headers.X-Emoji', message: expect.any(String) },
        ],
      });
      expect(upstream.requests).toHaveLength(sent);
    });

    it('When the URL or method is invalid, Then it is 422 naming them', async () => {
      const res = await post<{ details: { field: string }[] }>('/test/http', { url: 'not a url', method: 'TRACE' });
      expect(res.status).toBe(422);
      expect(res.body.details.map((d) => d.field)).toEqual(['url', 'method']);
    });
  });

  describe('POST /tools/test/code', () => {
    it('When main returns, Then the result and the console lines come back', async () => {
      const res = await post('/test/code', {
        language: 'javascript',
        input: { name: 'Ada' },
        code: 'function main(input) { console.log("hi", input.name); return `Hello, ${input.name}`; }',
      });
      expect(res.body).toEqual({ success: true, result: 'Hello, Ada', logs: [{ level: 'log', message: 'hi Ada' }] });
    });

    it('When main throws, Then it is success false with runtime_error and the logs so far', async () => {
      const res = await post('/test/code', { language: 'javascript', code: 'function main() { console.error("about to fail"); throw new Error("nope"); }' });
      expect(res.body).toEqual({ success: false, error: { code: 'runtime_error', message: 'nope' }, logs: [{ level: 'error', message: 'about to fail' }] });
    });

    it('When main throws a ToolError, Then it is success false with runtime_error and the reason', async () => {
      const code = 'const { ToolError } = require("kernel:api"); function main() { throw new ToolError("no_such_city", "Atlantis is not on the map"); }';
      const res = await post('/test/code', { language: 'javascript', code });
      expect(res.body).toEqual({ success: false, error: { code: 'runtime_error', reason: 'no_such_city', message: 'Atlantis is not on the map' }, logs: [] });
    });

    it('When the code loops forever, Then it is timeout and the server still answers', async () => {
      const res = await post('/test/code', { language: 'javascript', code: 'function main() { while (true) {} }' });
      expect(res.body).toMatchObject({ success: false, error: { code: 'timeout' } });
      await serverStillAnswers();
    });

    it('When the language is not javascript, Then it is 422', async () => {
      const res = await post<{ details: { field: string }[] }>('/test/code', { language: 'python', code: 'def main(x): return x' });
      expect(res.status).toBe(422);
      expect(res.body.details).toEqual([{ field: 'language', message: 'must be "javascript"' }]);
    });
  });
});

describe('Platform Tools API: tests without an egress allow-list, with a low rate limit', () => {
  let upstream: LoopbackServer;
  let app: StartedApp;

  beforeAll(async () => {
    upstream = await startLoopbackServer((_req, res) => res.end('reached'));
    app = await startApp({ TOOLS_TEST_RATE_PER_MINUTE: '3' });
  });
  afterAll(async () => {
    await app?.stop();
    await upstream?.close();
  });

  const test = (as: PlatformUser, kind: 'http' | 'code', body: Json) =>
    request<Json>('POST', `${app.platformUrl}/api/v1/tools/test/${kind}`, { token: as.token, body });

  it('When the target is loopback and not allow-listed, Then it is 422 forbidden_target and nothing is sent', async () => {
    const res = await test(await signUp(app.platformUrl), 'http', { url: `${upstream.url}/private` });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ error: 'forbidden_target', message: expect.any(String) });
    expect(upstream.requests).toEqual([]);
  });

  it('When a user passes the per-minute limit across both test endpoints, Then it is 429 with Retry-After; others are unaffected', async () => {
    const [eve, frank] = [await signUp(app.platformUrl), await signUp(app.platformUrl)];
    const code = { language: 'javascript', code: 'function main() { return 1; }' };
    expect((await test(eve, 'code', code)).status).toBe(200);
    expect((await test(eve, 'http', { url: 'http://169.254.169.254/' })).status).toBe(422);
    expect((await test(eve, 'code', code)).status).toBe(200);
    const limited = await test(eve, 'code', code);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'rate_limited', message: expect.any(String) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await test(frank, 'code', code)).status).toBe(200);
  });
});
