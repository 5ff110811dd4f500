import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { request } from '../../support/http-client';
import { StartedApp, startApp } from '../../support/started-app';

const PASSWORD = 'correct horse 42';

describe('Platform authentication', () => {
  let app: StartedApp;
  let api: string;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'Boss@Example.com' });
    api = `${app.platformUrl}/api/v1/auth`;
  });

  afterAll(async () => {
    await app.stop();
  });

  const register = (email: string, password = PASSWORD, nickname?: string) =>
    request<Record<string, unknown>>('POST', `${api}/register`, { body: { email, password, nickname } });
  const login = (username: string, password = PASSWORD) =>
    request<Record<string, unknown>>('POST', `${api}/login`, { form: { username, password } });
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

    it('When the e-mail is listed in ADMIN_EMAILS, Then the user is an admin', async () => {
      const res = await register('boss@example.com');
      expect(res.status).toBe(201);
      expect(res.body.role).toBe('admin');
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

    it('When an e-mail fails 10 times in the window, Then further attempts are 429 with Retry-After, even with the right password', async () => {
      await register('target@example.com');
      for (let i = 0; i < 10; i += 1) {
        expect((await login('target@example.com', 'bad guess 1')).status).toBe(401);
      }
      const blocked = await login('target@example.com');
      expect(blocked.status).toBe(429);
      expect(blocked.body).toMatchObject({ error: 'rate_limited' });
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await login('grace@example.com')).status).toBe(200);
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

    it('When the signature is valid but the token has expired, Then it is 401', async () => {
      const expired = sign({ alg: 'HS256', typ: 'JWT' }, { ...payload(), exp: Math.floor(Date.now() / 1000) - 10 });
      expect((await me(expired)).status).toBe(401);
    });

    it('When the signature is valid but exp is missing, Then it is 401', async () => {
      const { exp: _exp, ...rest } = payload();
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

  describe('Unknown routes', () => {
    it('When the route does not exist, Then it is 404 in the platform error shape', async () => {
      const res = await request('GET', `${app.platformUrl}/api/v1/nope`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'No such route' });
    });
  });
});
