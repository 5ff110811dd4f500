import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { describeWithEnv } from '../../support/infrastructure';
import { StartedApp, startApp } from '../../support/started-app';
import { promptClient } from './prompt-client';

const LIMIT = 20;

describe('Prompt optimization API: per-key rate limit (20 per 60-second window)', () => {
  let app: StartedApp;
  let api: ReturnType<typeof promptClient>;

  beforeAll(async () => {
    app = await startApp();
    api = promptClient(app.promptUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When a key sends 21 requests in a window, Then the first 20 succeed counting down and the 21st is 429 with Retry-After and rate_limit', async () => {
    const key = await api.newKey('sequential');
    for (let n = 1; n <= LIMIT; n += 1) {
      const response = await api.optimize(key);
      expect(response.status).toBe(200);
      expect(response.body.rate_limit).toEqual({ remaining: LIMIT - n, limit: LIMIT, window_seconds: 60 });
    }

    const refused = await api.optimize(key);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      code: 429,
      message: expect.stringMatching(/rate limit/i),
      data: null,
      rate_limit: { remaining: 0, limit: LIMIT, window_seconds: 60 },
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('20');
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
  });

  it('When one key is exhausted, Then another key is unaffected', async () => {
    const exhausted = await api.newKey('exhausted');
    const other = await api.newKey('other');
    for (let n = 0; n < LIMIT; n += 1) await api.optimize(exhausted);

    expect((await api.optimize(exhausted)).status).toBe(429);
    const response = await api.optimize(other);
    expect(response.status).toBe(200);
    expect(response.body.rate_limit?.remaining).toBe(LIMIT - 1);
  });

  it('When 40 requests with one key arrive at once, Then exactly 20 succeed and 20 get 429', async () => {
    const key = await api.newKey('burst');

    const responses = await Promise.all(Array.from({ length: 40 }, () => api.optimize(key)));

    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20);
    const remaining = responses.filter((r) => r.status === 200).map((r) => r.body.rate_limit?.remaining);
    expect(remaining.sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });

  it('When a refused key keeps calling, Then it stays refused (refusals do not reopen the window)', async () => {
    const key = await api.newKey('persistent');
    await Promise.all(Array.from({ length: LIMIT }, () => api.optimize(key)));

    const again = await Promise.all(Array.from({ length: 5 }, () => api.optimize(key)));

    expect(again.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe('Prompt optimization API: rate-limit state survives a restart of the process', () => {
  it('When the service restarts within the window, Then an exhausted key is still refused and its key still works elsewhere', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'prompt-restart-'));
    const first = await startApp({ DATA_DIR: dataDir });
    let key: string;
    try {
      const api = promptClient(first.promptUrl);
      key = await api.newKey('restart');
      for (let n = 0; n < LIMIT; n += 1) expect((await api.optimize(key)).status).toBe(200);
    } finally {
      await first.stop();
    }

    const second = await startApp({ DATA_DIR: dataDir });
    try {
      const api = promptClient(second.promptUrl);
      const refused = await api.optimize(key);
      expect(refused.status).toBe(429);
      expect(refused.body.rate_limit?.remaining).toBe(0);
      const fresh = await api.newKey('after restart');
      expect((await api.optimize(fresh)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });
});

describeWithEnv('DATABASE_URL', 'Prompt optimization API: rate limit on MariaDB (STORAGE=mysql)', (rootUrl) => {
  const database = `test_prompt_${randomBytes(6).toString('hex')}`;
  let app: StartedApp;

  const sql = async (statement: string) => {
    const connection = await createConnection({ uri: rootUrl });
    try {
      await connection.query(statement);
    } finally {
      await connection.end();
    }
  };

  beforeAll(async () => {
    await sql(`CREATE DATABASE \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    const url = new URL(rootUrl);
    url.pathname = `/${database}`;
    app = await startApp({ STORAGE: 'mysql', DATABASE_URL: url.toString() });
  });
  afterAll(async () => {
    await app?.stop();
    await sql(`DROP DATABASE IF EXISTS \`${database}\``);
  });

  it('When 40 requests with one key arrive at once over a connection pool, Then exactly 20 succeed and 20 get 429', async () => {
    const api = promptClient(app.promptUrl);
    const key = await api.newKey('mysql burst');

    const responses = await Promise.all(Array.from({ length: 40 }, () => api.optimize(key)));

    expect(responses.filter((r) => r.status === 200)).toHaveLength(20);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(20);
    expect((await api.optimize(key)).status).toBe(429);
  });
});
