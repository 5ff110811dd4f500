import { AgentBody, agentsApi } from '../../support/agents-api';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

/** Agents API: who sees and changes an agent, deploy and stop, the main agent. */
describe('Platform Agents API: sharing, states and the main agent', () => {
  let app: StartedApp;
  let api: ReturnType<typeof agentsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let admin: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    api = agentsApi(app.platformUrl);
    [ada, bob, admin] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const tagged = () => `tag-${Math.random().toString(36).slice(2, 10)}`;
  const names = async (user: PlatformUser, search: string) => (await api.list(user, `search=${search}`)).body.items.map((a) => a.name).sort();
  const changes: Array<[string, string, unknown?]> = [
    ['PUT', '', { name: 'Hijacked' }],
    ['DELETE', ''],
    ['POST', '/deploy'],
    ['POST', '/stop'],
    ['POST', '/create-main-agent'],
  ];

  describe('another user', () => {
    it("When Bob reaches Ada's draft by any route, Then it is 404 exactly as for a missing agent, and it is not in his list", async () => {
      const tag = tagged();
      const agent = await api.create(ada, { name: `Private ${tag}` });
      for (const [method, path, body] of [...changes, ['GET', ''], ['POST', '/duplicate'], ['GET', '/export'], ['GET', '?version=1']] as Array<
        [string, string, unknown?]
      >) {
        const res = await api.call(method, `/${agent.id}${path}`, bob, body);
        expect({ route: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
          route: `${method} ${path}`,
          status: 404,
          body: { error: 'not_found', message: `Agent "${agent.id}" not found` },
        });
      }
      expect(await names(bob, tag)).toEqual([]);
      expect((await api.call('GET', `/${agent.id}`, ada)).body).toEqual(agent);
    });

    it('When Ada deploys it, Then Bob sees it in his list and detail, but changing it is 403 and leaves it as it was', async () => {
      const tag = tagged();
      const agent = await api.create(ada, { name: `Shared ${tag}` });
      const deployed = await api.deploy(ada, agent.id);
      expect(await names(bob, tag)).toEqual([`Shared ${tag}`]);
      expect((await api.call('GET', `/${agent.id}`, bob)).body).toEqual(deployed);
      for (const [method, path, body] of changes) {
        const res = await api.call(method, `/${agent.id}${path}`, bob, body);
        expect({ route: `${method} ${path}`, status: res.status, body: res.body }).toEqual({
          route: `${method} ${path}`,
          status: 403,
          body: { error: 'forbidden', message: expect.stringMatching(/^Only the owner of this agent or an administrator may/) },
        });
      }
      expect((await api.call('GET', `/${agent.id}`, ada)).body).toEqual(deployed);
    });

    it('When Ada stops it again, Then Bob no longer sees it', async () => {
      const tag = tagged();
      const agent = await api.create(ada, { name: `Withdrawn ${tag}` });
      await api.deploy(ada, agent.id);
      expect((await api.call('POST', `/${agent.id}/stop`, ada)).status).toBe(200);
      expect(await names(bob, tag)).toEqual([]);
      expect((await api.call('GET', `/${agent.id}`, bob)).status).toBe(404);
    });
  });

  describe('an administrator', () => {
    it('When the admin lists, reads, updates and deletes other users’ drafts, Then all of it works', async () => {
      const tag = tagged();
      const adas = await api.create(ada, { name: `Ada ${tag}` });
      const bobs = await api.create(bob, { name: `Bob ${tag}` });
      expect(await names(admin, tag)).toEqual([`Ada ${tag}`, `Bob ${tag}`]);
      expect(await names(bob, tag)).toEqual([`Bob ${tag}`]);
      expect((await api.call('GET', `/${adas.id}`, admin)).body).toEqual(adas);

      const updated = await api.call<AgentBody>('PUT', `/${adas.id}`, admin, { name: `Ada ${tag} edited` });
      expect(updated.body).toMatchObject({ owner_id: ada.id, version: 2 });
      expect((await api.call('DELETE', `/${bobs.id}`, admin)).status).toBe(204);
      expect((await api.call('GET', `/${bobs.id}`, bob)).status).toBe(404);
      expect(await names(admin, tag)).toEqual([`Ada ${tag} edited`]);
    });

    it('When the admin filters by status, Then every owner’s agents in it come back', async () => {
      const tag = tagged();
      const first = await api.create(ada, { name: `One ${tag}` });
      await api.create(bob, { name: `Two ${tag}` });
      await api.deploy(ada, first.id);
      await api.call('POST', `/${first.id}/stop`, ada);
      const stopped = await api.list(admin, `status=stopped&search=${tag}`);
      expect(stopped.body).toMatchObject({ total: 1, items: [{ id: first.id, owner_id: ada.id }] });
    });
  });

  describe('deploy and stop', () => {
    it('When an agent goes draft → deployed → stopped → deployed, Then each answer is the agent in its new status, version unchanged', async () => {
      const agent = await api.create(ada);
      const moves: Array<[string, string]> = [
        ['deploy', 'deployed'],
        ['stop', 'stopped'],
        ['deploy', 'deployed'],
      ];
      for (const [action, status] of moves) {
        const res = await api.call<AgentBody>('POST', `/${agent.id}/${action}`, ada);
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ ...agent, status, updated_at: expect.any(String) });
      }
      expect((await api.call('GET', `/${agent.id}`, ada)).body).toMatchObject({ status: 'deployed', version: 1 });
    });

    it.each<[string, string[], string]>([
      ['stop a draft', [], 'stop'],
      ['deploy a deployed agent', ['deploy'], 'deploy'],
      ['stop a stopped agent', ['deploy', 'stop'], 'stop'],
    ])('When Ada tries to %s, Then it is 409 conflict and the status stays', async (_what, before, action) => {
      const agent = await api.create(ada);
      for (const step of before) await api.call('POST', `/${agent.id}/${step}`, ada);
      const status = (await api.call<AgentBody>('GET', `/${agent.id}`, ada)).body.status;
      const res = await api.call('POST', `/${agent.id}/${action}`, ada);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: `Cannot ${action} an agent that is ${status}` });
      expect((await api.call<AgentBody>('GET', `/${agent.id}`, ada)).body.status).toBe(status);
    });

    it('When an old version of a deployed agent is read, Then it shows that version’s payload and today’s status', async () => {
      const agent = await api.create(ada, { name: 'Old name' });
      await api.call('PUT', `/${agent.id}`, ada, { name: 'New name' });
      await api.deploy(ada, agent.id);
      expect((await api.call('GET', `/${agent.id}?version=1`, bob)).body).toMatchObject({ name: 'Old name', version: 1, status: 'deployed' });
    });
  });

  describe('POST /agents/{id}/create-main-agent', () => {
    it("When Ada makes one agent main and then another, Then only the last is main, and Bob's main agent stays", async () => {
      const [first, second] = [await api.create(ada), await api.create(ada)];
      const bobs = await api.create(bob);
      await api.call('POST', `/${bobs.id}/create-main-agent`, bob);

      const made = await api.call<AgentBody>('POST', `/${first.id}/create-main-agent`, ada);
      expect(made.status).toBe(200);
      expect(made.body).toEqual({ ...first, is_main_agent: true, updated_at: expect.any(String) });
      await api.call('POST', `/${second.id}/create-main-agent`, ada);
      expect((await api.call<AgentBody>('GET', `/${first.id}`, ada)).body.is_main_agent).toBe(false);
      expect((await api.call<AgentBody>('GET', `/${second.id}`, ada)).body).toMatchObject({ is_main_agent: true, version: 1 });
      expect((await api.call<AgentBody>('GET', `/${bobs.id}`, bob)).body.is_main_agent).toBe(true);

      const again = await api.call<AgentBody>('POST', `/${second.id}/create-main-agent`, ada);
      expect(again).toMatchObject({ status: 200, body: { id: second.id, is_main_agent: true } });
    });
  });
});
