import { request } from '../../support/http-client';
import { StartedApp, startApp } from '../../support/started-app';

describe('Health and API documents of the three services', () => {
  let app: StartedApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it('When the platform health is asked, Then it reports ok, the version and the built-in tools', async () => {
    const res = await request('GET', `${app.platformUrl}/health`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: 'ok',
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      builtin_tools: { count: expect.any(Number), ready: expect.any(Boolean) },
    });
  });

  it('When the envelope health is asked, Then it answers in the envelope', async () => {
    const res = await request('GET', `${app.envelopeUrl}/api/v1/health`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      message: 'success',
      data: { status: 'ok', version: expect.any(String), timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T.*Z$/) },
    });
  });

  it('When the prompt health is asked, Then it reports ok and the version', async () => {
    const res = await request('GET', `${app.promptUrl}/health`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: expect.any(String) });
  });

  it.each([
    ['platform', () => app.platformUrl, 'Agent Platform API', '/api/v1/auth/me'],
    ['envelope', () => app.envelopeUrl, 'Envelope API', '/api/v1/health'],
    ['prompt', () => app.promptUrl, 'Prompt Optimization API', '/api/v1/prompt/optimize'],
  ])('When /openapi.json and /docs of %s are fetched, Then they describe that contract', async (_name, base, title, path) => {
    const spec = await request<{ openapi: string; info: { title: string }; paths: Record<string, unknown> }>('GET', `${base()}/openapi.json`);
    expect(spec.status).toBe(200);
    expect(spec.body.openapi).toMatch(/^3\./);
    expect(spec.body.info.title).toBe(title);
    expect(Object.keys(spec.body.paths)).toContain(path);
    const docs = await fetch(`${base()}/docs/`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('swagger-ui');
  });

  it.each([
    ['platform', () => app.platformUrl, 'Agent Platform API'],
    ['envelope', () => app.envelopeUrl, 'Envelope API'],
    ['prompt', () => app.promptUrl, 'Prompt Optimization API'],
  ])(
    'When the /docs page of %s loads its script, Then the script is valid JavaScript that loads the document of that same service',
    async (_name, base, title) => {
      const page = await (await fetch(`${base()}/docs/`)).text();
      expect(page).toContain(`<title>${title}</title>`);
      expect(page).toContain('./swagger-ui-init.js');

      const init = await (await fetch(`${base()}/docs/swagger-ui-init.js`)).text();

      expect(() => new Function(init)).not.toThrow();
      expect(init).toMatch(/"url": "\/openapi\.json"/);
      expect(init).not.toMatch(/"title":/);
    },
  );

  it('When an unknown route is asked of the envelope and prompt services, Then each answers 404 in its own shape', async () => {
    expect((await request('GET', `${app.envelopeUrl}/api/v1/nope`)).body).toEqual({ code: 40400, message: 'No such route', data: null });
    expect((await request('GET', `${app.promptUrl}/api/v1/nope`)).body).toEqual({ code: 404, message: 'No such route', data: null });
  });
});
