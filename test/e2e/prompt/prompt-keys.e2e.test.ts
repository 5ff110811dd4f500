import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { API_KEY_REPOSITORY, ApiKeyRepository } from '../../../core/ports/api-key-repository.port';
import { request } from '../../support/http-client';
import { StartedApp, startApp } from '../../support/started-app';
import { promptClient } from './prompt-client';

const KEY_FORMAT = /^pk_[0-9a-f]{32}_[A-Za-z0-9_-]{43}$/;

describe('Prompt optimization API: POST /api/v1/prompt/keys', () => {
  let app: StartedApp;
  let api: ReturnType<typeof promptClient>;

  beforeAll(async () => {
    app = await startApp();
    api = promptClient(app.promptUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When a name is given, Then 201 {code: 200, message: "success", data: {name, api_key}} and the key works at once', async () => {
    const response = await api.issueKey('  my writing assistant  ');

    expect(response.status).toBe(201);
    expect(response.body).toEqual({ code: 200, message: 'success', data: { name: 'my writing assistant', api_key: expect.stringMatching(KEY_FORMAT) } });
    expect((await api.optimize(response.body.data!.api_key)).status).toBe(200);
  });

  it('When two keys are issued under one name, Then they differ', async () => {
    const [a, b] = [await api.newKey('same'), await api.newKey('same')];

    expect(a).not.toBe(b);
  });

  it('When a key is issued, Then only a digest of its secret is stored: neither the key nor its secret is anywhere in the database files', async () => {
    const key = await api.newKey('hashed');
    const [, id, secret] = /^pk_([0-9a-f]{32})_(.+)$/.exec(key)!;

    const stored = await app.services.app.container.get<ApiKeyRepository>(API_KEY_REPOSITORY).findById(id);
    expect(stored?.secretDigest).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(stored?.secretDigest).not.toContain(secret);
    const dataDir = app.services.app.config.dataDir;
    for (const file of readdirSync(dataDir).filter((name) => name.startsWith('platform.db'))) {
      const bytes = readFileSync(join(dataDir, file));
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
    }
  });

  it.each([
    ['no name', {}],
    ['an empty name', { name: '' }],
    ['a blank name', { name: '    ' }],
    ['a 65-character name', { name: 'n'.repeat(65) }],
    ['a name that is not a string', { name: ['a'] }],
    ['a name with control characters', { name: 'bad\u0007name' }],
  ])('When the body has %s, Then 400 {code: 400, message, data: null}', async (_case, body) => {
    const response = await request('POST', `${app.promptUrl}/api/v1/prompt/keys`, { body });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 400, message: expect.stringMatching(/name/), data: null });
  });

  it('When the name has exactly 64 characters, Then it is accepted', async () => {
    expect((await api.issueKey('名'.repeat(64))).status).toBe(201);
  });

  it('When the body is not JSON, Then 400', async () => {
    const response = await request('POST', `${app.promptUrl}/api/v1/prompt/keys`, { body: '{name:', headers: { 'content-type': 'application/json' } });

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 400, message: expect.any(String), data: null });
  });
});

describe('Prompt optimization API: key issuance is limited to 60 per client address per hour', () => {
  let app: StartedApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When one address asks for a 61st key within the hour, Then 429 with Retry-After, however X-Forwarded-For varies', async () => {
    const ask = (n: number) =>
      request('POST', `${app.promptUrl}/api/v1/prompt/keys`, { body: { name: `key ${n}` }, headers: { 'x-forwarded-for': `203.0.113.${n}` } });
    for (let n = 1; n <= 60; n += 1) {
      expect((await ask(n)).status).toBe(201);
    }

    const refused = await ask(61);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, message: expect.stringMatching(/60 API keys/), data: null });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
  });
});
