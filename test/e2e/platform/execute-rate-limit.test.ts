import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

/** Each execution may spend a whole LLM budget: starting them is limited per user (`EXECUTIONS_PER_MINUTE`). */
describe('Starting executions is rate-limited per user', () => {
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ EXECUTIONS_PER_MINUTE: '2' });
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('When a user starts more than the limit in a minute, Then 429 rate_limited with Retry-After, and other users are not affected', async () => {
    const agent = anAgent({ ownerId: ada.id, includeTools: [], status: 'deployed' });
    await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    const execute = (as: PlatformUser, async = false) =>
      request('POST', `${app.platformUrl}/api/v1/agents/${agent.id}/execute`, { token: as.token, body: { input: 'hi', async } });

    expect((await execute(ada)).status).toBe(200);
    expect((await execute(ada, true)).status).toBe(202);
    const refused = await execute(ada);

    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'rate_limited', message: expect.stringMatching(/^At most 2 executions may be started per minute/) });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await execute(bob)).status).toBe(200);
  });
});
