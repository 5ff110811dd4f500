import { request } from '../../support/http-client';
import { envelopeSignUp } from '../../support/envelope-user';
import { StartedApp, startApp } from '../../support/started-app';

const ERROR = { code: expect.any(Number), message: expect.any(String), data: null };

describe('Envelope HTTP surface', () => {
  let app: StartedApp;
  let api: string;

  beforeAll(async () => {
    app = await startApp({ BODY_LIMIT_BYTES: '4096' });
    api = `${app.envelopeUrl}/api/v1`;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When health is asked, Then it is the envelope with status, version and an ISO timestamp', async () => {
    const res = await request<{ data: { timestamp: string } }>('GET', `${api}/health`);
    expect(res.body).toEqual({ code: 200, message: 'success', data: { status: 'ok', version: expect.any(String), timestamp: expect.any(String) } });
    expect(new Date(res.body.data.timestamp).toISOString()).toBe(res.body.data.timestamp);
  });

  it('When a route does not exist, Then it is 404/40400; a known path with another method is 405/40500 with Allow', async () => {
    const missing = await request('GET', `${api}/nowhere`);
    expect([missing.status, missing.body]).toEqual([404, { ...ERROR, code: 40400 }]);
    const wrongMethod = await request('PATCH', `${api}/agents/1`);
    expect([wrongMethod.status, wrongMethod.body]).toEqual([405, { ...ERROR, code: 40500 }]);
    expect(wrongMethod.headers.get('allow')).toBe('GET, PUT, DELETE');
    const onCollection = await request('DELETE', `${api}/users/login`);
    expect([onCollection.status, onCollection.body]).toEqual([405, { ...ERROR, code: 40500 }]);
  });

  it('When a body is malformed JSON or of the wrong type, Then it is 400/40000; past the body limit 413/41300', async () => {
    const malformed = await request('POST', `${api}/users/register`, { body: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect([malformed.status, malformed.body]).toEqual([400, { ...ERROR, code: 40000 }]);
    const text = await request('POST', `${api}/users/register`, { body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect([text.status, text.body]).toEqual([400, { ...ERROR, code: 40000 }]);
    const large = await request('POST', `${api}/users/register`, { body: { email: 'a@example.com', password: 'x'.repeat(8000) } });
    expect([large.status, large.body]).toEqual([413, { ...ERROR, code: 41300 }]);
  });

  it('When a protected route is called without a token, Then every one is 401/40100', async () => {
    for (const [method, path] of [
      ['GET', '/users/me'],
      ['GET', '/agents'],
      ['POST', '/agents'],
      ['GET', '/agents/1'],
      ['PUT', '/agents/1'],
      ['DELETE', '/agents/1'],
      ['POST', '/conversations'],
      ['POST', '/conversations/1/messages'],
      ['GET', '/conversations/1/messages'],
    ]) {
      const res = await request(method, `${api}${path}`, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect([method, path, res.status, res.body]).toEqual([method, path, 401, { ...ERROR, code: 40100 }]);
    }
  });

  it('When /docs and /openapi.json are asked, Then the document declares every endpoint built here with integer ids', async () => {
    const docs = await request('GET', `${app.envelopeUrl}/docs/`);
    expect(docs.status).toBe(200);
    const spec = await request<{ paths: Record<string, Record<string, unknown>> }>('GET', `${app.envelopeUrl}/openapi.json`);
    const operations = Object.entries(spec.body.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    expect(operations.sort()).toEqual(
      [
        'POST /api/v1/users/register',
        'POST /api/v1/users/login',
        'POST /api/v1/users/refresh',
        'GET /api/v1/users/me',
        'POST /api/v1/agents',
        'GET /api/v1/agents',
        'GET /api/v1/agents/{agent_id}',
        'PUT /api/v1/agents/{agent_id}',
        'DELETE /api/v1/agents/{agent_id}',
        'POST /api/v1/conversations',
        'POST /api/v1/conversations/{conversation_id}/messages',
        'GET /api/v1/conversations/{conversation_id}/messages',
        'POST /api/v1/knowledge/documents/upload',
        'POST /api/v1/knowledge/search',
        'GET /api/v1/health',
      ].sort(),
    );
    const agentPath = spec.body.paths['/api/v1/agents/{agent_id}'].get as { parameters: Array<{ schema: { type: string } }> };
    expect(agentPath.parameters[0].schema.type).toBe('integer');
  });

  it('When a user exists, Then the service still answers success bodies in the envelope (smoke)', async () => {
    const user = await envelopeSignUp(app.envelopeUrl);
    expect((await request('GET', `${api}/users/me`, { token: user.accessToken })).body).toMatchObject({ code: 200, message: 'success' });
  });
});
