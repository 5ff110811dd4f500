import { request } from '../../support/http-client';
import { Envelope, envelopeSignUp, TokenPair } from '../../support/envelope-user';
import { describeWithEnv } from '../../support/infrastructure';
import { StartedApp, startApp } from '../../support/started-app';
import { createTestDatabase, TestDatabase } from '../../support/test-database';

describeWithEnv('DATABASE_URL', 'Envelope refresh rotation on MariaDB', () => {
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

  const refresh = (token: string) => request<Envelope<TokenPair>>('POST', `${app.envelopeUrl}/api/v1/users/refresh`, { body: { refresh_token: token } });

  it('When five refreshes race with one token on a connection pool, Then exactly one succeeds, and the ids are integers', async () => {
    const user = await envelopeSignUp(app.envelopeUrl);
    expect(Number.isInteger(user.id)).toBe(true);
    for (let round = 0; round < 3; round += 1) {
      const fresh = round === 0 ? user : await envelopeSignUp(app.envelopeUrl);
      const results = await Promise.all(Array.from({ length: 5 }, () => refresh(fresh.refreshToken)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 401, 401, 401, 401]);
      expect(results.filter((r) => r.status === 401).every((r) => r.body.code === 40100)).toBe(true);
    }
  });
});
