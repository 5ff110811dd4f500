import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { request } from '../../support/http-client';
import { StartedApp, startApp } from '../../support/started-app';

const PASSWORD = 'correct horse 42';
const ADMIN_PASSWORD = 'boss password 7';

describe('Platform authentication', () => {
  let app: StartedApp;
  let api: string;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'Boss@Example.com', ADMIN_INITIAL_PASSWORD: ADMIN_PASSWORD });
    api = `${app.platformUrl}/api/v1/auth`;
  });

  afterAll(async () => {
    await app.stop();
  });

  const register = (email: string, password = PASSWORD, nickname?: string) =>
    request<Record<string, unknown>>('POST', `${api}/register`, { body: { email, password, nickname } });
  const login = (username: string, password = PASSWORD, headers: Record<string, string> = {}) =>
    request<Record<string, unknown>>('POST', `${api}/login`, { form: { username, password }, headers });
  const me = (token: string) => request<Record<string, unknown>>('GET', `${api}/me`, { token });

  describe('POST /auth/register', () => {
    it('When the payload is valid, Then it creates a user and never returns the password', async () => {
      const res = await register('Ada@Example.com', PASSWORD, 'Ada');
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        email: 'ada@example.com',
        nickname: 'Ada',
        role: 'user',
        created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      });
    });

    it('When an e-mail listed in ADMIN_EMAILS is registered, Then it is 409: the server created that administrator at start', async () => {
      const res = await register('boss@example.com');
      expect(res.status).toBe(409);

      const signedIn = await login('BOSS@example.com', ADMIN_PASSWORD);
      expect(signedIn.status).toBe(200);
      expect((await me(signedIn.body.access_token as string)).body).toMatchObject({ email: 'boss@example.com', role: 'admin' });
    });

    it('When the body asks for the admin role, Then the new user is a plain user all the same', async () => {
      const res = await request<Record<string, unknown>>('POST', `${api}/register`, {
        body: { email: 'climber@example.com', password: PASSWORD, role: 'admin' },
      });
      expect(res.status).toBe(201);
      expect(res.body.role).toBe('user');
    });

    it('When the e-mail is longer than 254 characters, Then it is 422 naming the field', async () => {
      const res = await register(`${'a'.repeat(250)}@example.com`);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [{ field: 'email', message: expect.any(String) }] });
    });

    it('When the e-mail exists in another case, Then it is 409 conflict', async () => {
      await register('dup@example.com');
      const res = await register('DUP@example.com');
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: expect.any(String) });
    });

    it('When the password is weak, Then it is 422 with field details', async () => {
      const res = await register('weak@example.com', 'onlyletters');
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: [{ field: 'password', message: expect.any(String) }],
      });
    });

    it('When a required field is missing, Then it is 422 naming the field', async () => {
      const res = await request<{ details: { field: string }[] }>('POST', `${api}/register`, { body: { email: 'x@example.com' } });
      expect(res.status).toBe(422);
      expect(res.body.details.map((d) => d.field)).toContain('password');
    });

    it('When the body is malformed JSON, Then it is 400 bad_request', async () => {
      const res = await request('POST', `${api}/register`, { body: '{"email":', headers: { 'content-type': 'application/json' } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', message: 'The request body is not valid JSON' });
    });

    it('When the content type is not JSON, Then it is 400 bad_request', async () => {
      const res = await request('POST', `${api}/register`, { body: 'email=a', headers: { 'content-type': 'text/plain' } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'bad_request' });
    });

    it('When the body is over the limit, Then it is 413 payload_too_large', async () => {
      const res = await request('POST', `${api}/register`, { body: { email: 'big@example.com', password: 'x'.repeat(2_000_000) } });
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: 'payload_too_large', message: expect.any(String) });
    });
  });

  describe('POST /auth/login and GET /auth/me', () => {
    let token: string;

    beforeAll(async () => {
      await register('grace@example.com', PASSWORD, 'Grace');
      const res = await login('GRACE@example.com');
      token = res.body.access_token as string;
    });

    it('When the credentials are right, Then it returns a bearer token of 60 minutes', async () => {
      const res = await login('grace@example.com');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ access_token: expect.any(String), token_type: 'bearer', expires_in: 3600 });
    });

    it('When the token is valid, Then /me returns the user', async () => {
      const res = await me(token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email: 'grace@example.com', nickname: 'Grace', role: 'user' });
    });

    it('When the e-mail is unknown or the password wrong, Then both answer the same 401', async () => {
      const unknown = await login('nobody@example.com');
      const wrong = await login('grace@example.com', 'wrong password 1');
      expect(unknown.status).toBe(401);
      expect(wrong.status).toBe(401);
      expect(unknown.body).toEqual(wrong.body);
      expect(unknown.body).toEqual({ error: 'unauthorized', message: 'Incorrect e-mail or password' });
    });

    it('When an e-mail fails 10 times in the window, Then further attempts are 429 with Retry-After, even with the right password and whatever X-Forwarded-For says', async () => {
      await register('target@example.com');
      for (let i = 0; i < 10; i += 1) {
        expect((await login('target@example.com', 'bad guess 1', { 'x-forwarded-for': `198.51.100.${i}` })).status).toBe(401);
      }
      const blocked = await login('target@example.com', PASSWORD, { 'x-forwarded-for': '198.51.100.99' });
      expect(blocked.status).toBe(429);
      expect(blocked.body).toEqual({ error: 'rate_limited', message: 'Too many failed login attempts; try again later' });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login('grace@example.com')).status).toBe(200);
    });

    it('When a user logs in successfully more often than the failure limit, Then every login succeeds: successful logins never count', async () => {
      for (let i = 0; i < 12; i += 1) {
        expect((await login('grace@example.com')).status).toBe(200);
      }
    });

    it.each([
      ['an e-mail longer than 254 characters', `${'g'.repeat(250)}@example.com`, PASSWORD, 'email'],
      ['a username that is no e-mail address', 'grace', PASSWORD, 'email'],
      ['a password longer than 128 characters', 'grace@example.com', `${PASSWORD}${'x'.repeat(120)}`, 'password'],
    ])('When the login carries %s, Then it is 422 before any check', async (_case, username, password, field) => {
      const res = await login(username, password);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'validation_error', message: 'Invalid login', details: [{ field, message: expect.any(String) }] });
    });

    it('When the form fields are missing, Then it is 422', async () => {
      const res = await request('POST', `${api}/login`, { form: { username: 'grace@example.com' } });
      expect(res.status).toBe(422);
    });
  });

  describe('JWT attacks on GET /auth/me', () => {
    let token: string;
    let secret: string;

    beforeAll(async () => {
      await register('eve@example.com');
      token = (await login('eve@example.com')).body.access_token as string;
      secret = readFileSync(join(app.services.app.config.dataDir, 'jwt-secret'), 'utf8').trim();
    });

    const parts = () => token.split('.');
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = () => JSON.parse(Buffer.from(parts()[1], 'base64url').toString()) as Record<string, unknown>;
    const sign = (header: object, body: object, key = secret) => {
      const unsigned = `${b64(header)}.${b64(body)}`;
      return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
    };

    it.each([
      ['no token', undefined],
      ['garbage', 'not-a-jwt'],
    ])('When the token is %s, Then it is 401', async (_name, bad) => {
      const res = await request('GET', `${api}/me`, { token: bad });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });

    it('When alg is none, Then it is 401', async () => {
      const forged = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload())}.`;
      expect((await me(forged)).status).toBe(401);
    });

    it('When signed with another algorithm (HS512) by the same secret, Then it is 401', async () => {
      const unsigned = `${b64({ alg: 'HS512', typ: 'JWT' })}.${parts()[1]}`;
      const forged = `${unsigned}.${createHmac('sha512', secret).update(unsigned).digest('base64url')}`;
      expect((await me(forged)).status).toBe(401);
    });

    it('When the payload is tampered (role admin), Then it is 401', async () => {
      const forged = `${parts()[0]}.${b64({ ...payload(), role: 'admin' })}.${parts()[2]}`;
      expect((await me(forged)).status).toBe(401);
    });

    it('When the signature carries Base64 padding, Then it is 401', async () => {
      const [h, p, s] = parts();
      expect((await me(`${h}.${p}.${s}=`)).status).toBe(401);
      expect((await me(`${h}.${p}.${s}==`)).status).toBe(401);
    });

    const nowSeconds = () => Math.floor(Date.now() / 1000);

    it('When the test signs valid claims itself, Then the token is accepted (so the refusals below are about the claims)', async () => {
      const res = await me(sign({ alg: 'HS256', typ: 'JWT' }, { ...payload(), exp: nowSeconds() + 600 }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email: 'eve@example.com' });
    });

    it('When the signature is valid but the token has expired, Then it is 401', async () => {
      const claims = { ...payload(), exp: nowSeconds() + 600 };
      expect((await me(sign({ alg: 'HS256', typ: 'JWT' }, claims))).status).toBe(200);

      const expired = sign({ alg: 'HS256', typ: 'JWT' }, { ...claims, exp: nowSeconds() - 10 });
      expect((await me(expired)).status).toBe(401);
    });

    it('When the signature is valid but exp is missing, Then it is 401', async () => {
      const { exp, ...rest } = payload();
      expect((await me(sign({ alg: 'HS256', typ: 'JWT' }, { ...rest, exp }))).status).toBe(200);

      expect((await me(sign({ alg: 'HS256', typ: 'JWT' }, rest))).status).toBe(401);
    });

    it('When signed by another secret, Then it is 401', async () => {
      expect((await me(sign({ alg: 'HS256', typ: 'JWT' }, payload(), 'x'.repeat(48)))).status).toBe(401);
    });

    it('When the path is spelled in upper case, Then authentication still applies', async () => {
      const res = await request('GET', `${app.platformUrl}/API/V1/AUTH/ME`);
      expect(res.status).toBe(401);
    });

    it('When the token is genuine, Then the control case passes', async () => {
      expect((await me(token)).status).toBe(200);
    });
  });

  describe('Tokens of a user who changed after the token was issued', () => {
    const database = () => new Database(join(app.services.app.config.dataDir, 'platform.db'));
    const setRole = (email: string, role: string) => {
      const db = database();
      try {
        db.prepare('UPDATE users SET role = ? WHERE email = ?').run(role, email);
      } finally {
        db.close();
      }
    };
    /** An admin-only route on a plugin that does not exist: 404 for an admin, 403 for anyone else. */
    const adminOnly = (token: string) => request('POST', `${app.platformUrl}/api/v1/plugins/no_such_plugin/toggle`, { token, body: { enabled: true } });

    it('When the user is deleted, Then their unexpired token is 401 at once', async () => {
      await register('leaver@example.com');
      const token = (await login('leaver@example.com')).body.access_token as string;
      expect((await me(token)).status).toBe(200);
      expect((await request('GET', `${app.platformUrl}/api/v1/tools/categories`, { token })).status).toBe(200);

      const db = database();
      try {
        db.prepare('DELETE FROM users WHERE email = ?').run('leaver@example.com');
      } finally {
        db.close();
      }

      const res = await me(token);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: 'Invalid or expired token' });
      expect((await request('GET', `${app.platformUrl}/api/v1/tools/categories`, { token })).status).toBe(401);
    });

    it('When an admin is demoted, Then their token loses the admin role at once, and the role always comes from the user, not the token', async () => {
      await register('deputy@example.com');
      const token = (await login('deputy@example.com')).body.access_token as string;
      expect((await adminOnly(token)).status).toBe(403);

      setRole('deputy@example.com', 'admin');
      expect((await adminOnly(token)).status).toBe(404);
      expect((await me(token)).body).toMatchObject({ role: 'admin' });

      setRole('deputy@example.com', 'user');
      expect((await adminOnly(token)).status).toBe(403);
      expect((await me(token)).body).toMatchObject({ role: 'user' });
    });
  });

  describe('Unknown routes', () => {
    it('When the route does not exist, Then it is 404 in the platform error shape', async () => {
      const res = await request('GET', `${app.platformUrl}/api/v1/nope`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No such route' });
    });
  });
});

describe('Platform login and registration limits, behind a trusted proxy', () => {
  let app: StartedApp;
  let api: string;

  beforeAll(async () => {
    // Requests come from loopback, which is trusted, so X-Forwarded-For names each client.
    app = await startApp({ TRUST_PROXY: 'loopback', LOGIN_FAILURES_PER_ADDRESS: '20', REGISTER_PER_ADDRESS_PER_HOUR: '3' });
    api = `${app.platformUrl}/api/v1/auth`;
  });
  afterAll(async () => {
    await app.stop();
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const register = (email: string, address: string) =>
    request<Record<string, unknown>>('POST', `${api}/register`, { body: { email, password: PASSWORD }, headers: from(address) });
  const login = (username: string, password: string, address: string) =>
    request<Record<string, unknown>>('POST', `${api}/login`, { form: { username, password }, headers: from(address) });

  it('When 40 wrong passwords for one e-mail arrive at once, Then at most 10 reach the password check (at most 10 × 401, the rest 429)', async () => {
    expect((await register('besieged@example.com', '203.0.113.1')).status).toBe(201);

    const statuses = await Promise.all(
      Array.from({ length: 40 }, (_, n) => login('besieged@example.com', `wrong guess ${n}`, '203.0.113.2').then((res) => res.status)),
    );

    const rejected = statuses.filter((status) => status === 401).length;
    expect(rejected).toBeGreaterThan(0);
    expect(rejected).toBeLessThanOrEqual(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - rejected);
  });

  it('When one address has exhausted the failures for an e-mail, Then the right password still works from another address', async () => {
    expect((await register('owner@example.com', '203.0.113.10')).status).toBe(201);
    for (let i = 0; i < 10; i += 1) await login('owner@example.com', `wrong guess ${i}`, '203.0.113.11');

    expect((await login('owner@example.com', PASSWORD, '203.0.113.11')).status).toBe(429);
    const elsewhere = await login('owner@example.com', PASSWORD, '203.0.113.12');
    expect(elsewhere.status).toBe(200);
    expect(elsewhere.body).toMatchObject({ token_type: 'bearer' });
  });

  it('When one address fails LOGIN_FAILURES_PER_ADDRESS times over many e-mails, Then its next attempt is 429 and other addresses are unaffected', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i += 1) statuses.push((await login(`sprayed-${i}@example.com`, 'wrong guess 1', '203.0.113.20')).status);
    expect(statuses.every((status) => status === 401)).toBe(true);

    const blocked = await login('sprayed-new@example.com', 'wrong guess 1', '203.0.113.20');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login('sprayed-new@example.com', 'wrong guess 1', '203.0.113.21')).status).toBe(401);
  });

  it('When one address registers more than REGISTER_PER_ADDRESS_PER_HOUR accounts, Then the next is 429 with Retry-After and other addresses may still register', async () => {
    for (let i = 0; i < 3; i += 1) expect((await register(`signup-${i}@example.com`, '203.0.113.30')).status).toBe(201);

    const blocked = await register('signup-3@example.com', '203.0.113.30');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: 'rate_limited', message: 'Too many sign-ups from this address; try again later' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect((await register('signup-3@example.com', '203.0.113.31')).status).toBe(201);
  });
});
