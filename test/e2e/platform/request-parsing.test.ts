import { request } from '../../support/http-client';
import { describeWithEnv } from '../../support/infrastructure';
import { StartedApp, startApp } from '../../support/started-app';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

const PASSWORD = 'correct horse 42';

/** `[[[…{"a":1}…]]]` nested `depth` levels deep. */
function nestedJson(depth: number): string {
  return `${'['.repeat(depth - 1)}{"a":1}${']'.repeat(depth - 1)}`;
}

function formWithFields(count: number): string {
  return Array.from({ length: count }, (_, n) => `f${n}=v`).join('&');
}

describe('Platform request parsing', () => {
  let app: StartedApp;
  let api: string;

  beforeAll(async () => {
    app = await startApp();
    api = `${app.platformUrl}/api/v1`;
  });
  afterAll(async () => {
    await app.stop();
  });

  const json = (path: string, body: string) => request('POST', `${api}${path}`, { body, headers: { 'content-type': 'application/json' } });

  describe('JSON nesting depth', () => {
    it('When a JSON body nests 100,000 levels deep, Then it is 400 bad_request in the platform shape', async () => {
      const res = await json('/auth/register', nestedJson(100_000));

      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', message: 'The request body is nested more than 64 levels deep' });
    });

    it('When a JSON body nests 65 levels, Then it is refused, and 64 levels are parsed', async () => {
      expect((await json('/auth/register', nestedJson(65))).status).toBe(400);

      const accepted = await json('/auth/register', nestedJson(64));
      expect(accepted.status).toBe(422);
      expect(accepted.body).toMatchObject({ error: 'validation_error' });
    });

    it('When brackets sit inside JSON strings, Then they do not count as nesting', async () => {
      const res = await request('POST', `${api}/auth/register`, {
        body: { email: `brackets-${Date.now()}@example.com`, password: PASSWORD, nickname: `${'['.repeat(50)}{${'{'.repeat(40)}\\"` },
      });

      expect(res.status).toBe(201);
    });
  });

  describe('Form fields', () => {
    it('When a form carries 10,000 fields, Then it is 413 payload_too_large in the platform shape', async () => {
      const res = await request('POST', `${api}/auth/login`, {
        body: formWithFields(10_000),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });

      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'payload_too_large', message: 'The form has more than 100 fields' });
    });
  });

  describe('Nickname length', () => {
    it('When the nickname is longer than 100 characters, Then registration is 422 naming the field', async () => {
      const res = await request('POST', `${api}/auth/register`, {
        body: { email: `long-nick-${Date.now()}@example.com`, password: PASSWORD, nickname: 'n'.repeat(101) },
      });

      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: [{ field: 'nickname', message: 'must be at most 100 characters' }],
      });
    });

    it('When the nickname is 100 characters outside the Basic Multilingual Plane, Then it is accepted', async () => {
      const res = await request('POST', `${api}/auth/register`, {
        body: { email: `emoji-nick-${Date.now()}@example.com`, password: PASSWORD, nickname: '🚀'.repeat(100) },
      });

      expect(res.status).toBe(201);
    });
  });
});

describe('Envelope and prompt request parsing', () => {
  let app: StartedApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it('When the envelope contract receives a JSON body nested too deep, Then it is 400 {code: 40000, message, data: null}', async () => {
    const res = await request('POST', `${app.envelopeUrl}/api/v1/anything`, { body: nestedJson(100_000), headers: { 'content-type': 'application/json' } });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 40000, message: 'The request body is nested more than 64 levels deep', data: null });
  });

  it('When the prompt contract receives a JSON body nested too deep, Then it is 400 {code: 400, message, data: null}', async () => {
    const res = await request('POST', `${app.promptUrl}/api/v1/prompt/keys`, { body: nestedJson(100_000), headers: { 'content-type': 'application/json' } });

    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: 'The request body is nested more than 64 levels deep', data: null });
  });
});

describeWithEnv('DATABASE_URL', 'Platform registration on MariaDB', () => {
  let database: TestDatabase;
  let app: StartedApp;

  beforeAll(async () => {
    database = await createTestDatabase('mysql');
    app = await startApp({ STORAGE: 'mysql', DATABASE_URL: database.config.storage.databaseUrl ?? '' });
  });
  afterAll(async () => {
    await app?.stop();
    await database?.destroy();
  });

  it('When the nickname is longer than the column, Then it is 422, not a driver error', async () => {
    const res = await request('POST', `${app.platformUrl}/api/v1/auth/register`, {
      body: { email: 'mysql-long-nick@example.com', password: PASSWORD, nickname: 'n'.repeat(5_000) },
    });

    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'validation_error', details: [{ field: 'nickname', message: 'must be at most 100 characters' }] });
  });

  it('When the nickname fills the column with four-byte characters, Then it is stored whole', async () => {
    const nickname = '🚀'.repeat(100);
    const res = await request('POST', `${app.platformUrl}/api/v1/auth/register`, {
      body: { email: 'mysql-emoji-nick@example.com', password: PASSWORD, nickname },
    });

    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ nickname });
  });
});
