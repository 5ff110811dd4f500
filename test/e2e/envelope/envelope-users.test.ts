import { request } from '../../support/http-client';
import { Envelope, ENVELOPE_PASSWORD, envelopeSignUp, TokenPair } from '../../support/envelope-user';
import { signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

describe('Envelope users over HTTP', () => {
  let app: StartedApp;
  let api: string;

  beforeAll(async () => {
    app = await startApp({ LOGIN_FAILURES_PER_EMAIL: '4' });
    api = `${app.envelopeUrl}/api/v1`;
  });
  afterAll(async () => {
    await app?.stop();
  });

  const post = <T = null>(path: string, body: unknown) => request<Envelope<T>>('POST', `${api}${path}`, { body });
  const me = (token: string) => request<Envelope<Record<string, unknown>>>('GET', `${api}/users/me`, { token });
  const refresh = (token: string) => post<TokenPair>('/users/refresh', { refresh_token: token });
  const unique = () => `u${Date.now()}${Math.random().toString(36).slice(2)}@example.com`;

  it('When a user registers, Then the envelope holds an integer id, the e-mail, the nickname (defaulting to the local part) and created_at', async () => {
    const email = unique();
    const res = await post<Record<string, unknown>>('/users/register', { email: email.toUpperCase(), password: ENVELOPE_PASSWORD, nickname: 'Ann' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 200, message: 'success', data: { id: expect.any(Number), email, nickname: 'Ann', created_at: expect.any(String) } });
    expect(Number.isInteger(res.body.data.id)).toBe(true);
    expect(new Date(res.body.data.created_at as string).toISOString()).toBe(res.body.data.created_at);

    const second = await post<Record<string, unknown>>('/users/register', { email: 'plain.name@example.com', password: ENVELOPE_PASSWORD });
    expect(second.body.data).toMatchObject({ nickname: 'plain.name' });
    expect(second.body.data.id as number).toBeGreaterThan(res.body.data.id as number);
  });

  it('When a registration breaks a rule, Then it is 40003 for a taken e-mail, 40004 for a weak password, 40000 for malformed fields, with data null', async () => {
    const email = unique();
    await post('/users/register', { email, password: ENVELOPE_PASSWORD });
    expect((await post('/users/register', { email, password: ENVELOPE_PASSWORD })).body).toEqual({ code: 40003, message: expect.any(String), data: null });
    for (const password of ['short1', 'lettersonly', '1234567890', 'x1'.repeat(65)]) {
      const res = await post('/users/register', { email: unique(), password });
      expect([res.status, res.body]).toEqual([400, { code: 40004, message: expect.any(String), data: null }]);
    }
    for (const body of [
      { email: 'not-an-email', password: ENVELOPE_PASSWORD },
      { password: ENVELOPE_PASSWORD },
      { email: unique() },
      { email: unique(), password: 12345678 },
      { email: unique(), password: ENVELOPE_PASSWORD, nickname: 'n'.repeat(101) },
    ]) {
      const res = await post('/users/register', body);
      expect([res.status, res.body.code, res.body.data]).toEqual([400, 40000, null]);
    }
  });

  it('When a user logs in, Then the pair is bearer with expires_in 1800, and me answers the user with avatar', async () => {
    const user = await envelopeSignUp(app.envelopeUrl);
    const login = await post<TokenPair>('/users/login', { email: user.email, password: ENVELOPE_PASSWORD });
    expect(login.body).toEqual({
      code: 200,
      message: 'success',
      data: { access_token: expect.any(String), refresh_token: expect.any(String), token_type: 'bearer', expires_in: 1800 },
    });
    const access = JSON.parse(Buffer.from(login.body.data.access_token.split('.')[1], 'base64url').toString()) as { exp: number; iat: number };
    const refreshClaims = JSON.parse(Buffer.from(login.body.data.refresh_token.split('.')[1], 'base64url').toString()) as { exp: number; iat: number };
    expect(access.exp - access.iat).toBe(1800);
    expect(refreshClaims.exp - refreshClaims.iat).toBe(7 * 24 * 3600);

    const res = await me(login.body.data.access_token);
    expect(res.body).toEqual({
      code: 200,
      message: 'success',
      data: { id: user.id, email: user.email, nickname: expect.any(String), avatar: '', created_at: expect.any(String) },
    });
  });

  it('When a login fails, Then an unknown user is 40001 and a wrong password 40002, and repeated failures for one e-mail hit the throttle (429/42900)', async () => {
    const user = await envelopeSignUp(app.envelopeUrl);
    expect((await post('/users/login', { email: unique(), password: ENVELOPE_PASSWORD })).body).toEqual({
      code: 40001,
      message: expect.any(String),
      data: null,
    });
    const wrong = await post('/users/login', { email: user.email, password: 'wrong pass 42' });
    expect([wrong.status, wrong.body]).toEqual([400, { code: 40002, message: expect.any(String), data: null }]);
    expect((await post('/users/login', { email: 'bad', password: 'x' })).body.code).toBe(40000);

    // LOGIN_FAILURES_PER_EMAIL is 4 here: one failure above, three more, then refused.
    for (let i = 0; i < 3; i += 1) expect((await post('/users/login', { email: user.email, password: 'wrong pass 42' })).body.code).toBe(40002);
    const throttled = await post('/users/login', { email: user.email, password: ENVELOPE_PASSWORD });
    expect([throttled.status, throttled.body.code, throttled.body.data]).toEqual([429, 42900, null]);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
    // Unknown e-mails count alike: probing for accounts is throttled as password guessing is.
    const probe = unique();
    for (let i = 0; i < 4; i += 1) expect((await post('/users/login', { email: probe, password: ENVELOPE_PASSWORD })).body.code).toBe(40001);
    expect((await post('/users/login', { email: probe, password: ENVELOPE_PASSWORD })).status).toBe(429);
  });

  it('When tokens are presented where they do not belong, Then refresh for access, access for refresh, platform tokens and garbage are all 401/40100', async () => {
    const user = await envelopeSignUp(app.envelopeUrl);
    const platformUser = await signUp(app.platformUrl);
    for (const token of [user.refreshToken, platformUser.token, 'garbage']) {
      const res = await me(token);
      expect([res.status, res.body]).toEqual([401, { code: 40100, message: expect.any(String), data: null }]);
    }
    expect((await request<Envelope<null>>('GET', `${api}/users/me`)).body.code).toBe(40100);
    expect((await refresh(user.accessToken)).body.code).toBe(40100);
    const onPlatform = await request('GET', `${app.platformUrl}/api/v1/auth/me`, { token: user.accessToken });
    expect(onPlatform.status).toBe(401);
  });

  it('When a refresh token is exchanged, Then a new pair works, the old token is refused, and its reuse revokes the whole family', async () => {
    const user = await envelopeSignUp(app.envelopeUrl);
    const first = await refresh(user.refreshToken);
    expect(first.body).toMatchObject({ code: 200, data: { token_type: 'bearer', expires_in: 1800 } });
    expect((await me(first.body.data.access_token)).status).toBe(200);

    const second = await refresh(first.body.data.refresh_token);
    expect(second.status).toBe(200);
    const reuse = await refresh(user.refreshToken);
    expect([reuse.status, reuse.body]).toEqual([401, { code: 40100, message: expect.any(String), data: null }]);
    // The family is revoked: the newest refresh token no longer works either…
    expect((await refresh(second.body.data.refresh_token)).status).toBe(401);
    // …while access tokens already issued live until they expire, and a new login starts afresh.
    expect((await me(second.body.data.access_token)).status).toBe(200);
    const again = await post<TokenPair>('/users/login', { email: user.email, password: ENVELOPE_PASSWORD });
    expect((await refresh(again.body.data.refresh_token)).status).toBe(200);
  });

  it('When five refreshes race with one token, Then exactly one succeeds and the others are 401/40100', async () => {
    const user = await envelopeSignUp(app.envelopeUrl);
    const results = await Promise.all(Array.from({ length: 5 }, () => refresh(user.refreshToken)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401 && r.body.code === 40100)).toHaveLength(4);
  });
});
