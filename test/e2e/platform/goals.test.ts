import { ISO_INSTANT, UUID_PATTERN } from '../../support/agents-api';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, GoalBody, Json, TaskBody } from '../../support/tasks-api';
import { UNKNOWN_ID } from '../../support/workflows-api';

const ACTIONS = ['start', 'pause', 'resume'] as const;

/** Goals API: records, PUT that leaves the status alone, start/pause/resume/delete with their 409s, the task tree. */
describe('Platform Goals API', () => {
  let app: StartedApp;
  let api: ReturnType<typeof boardApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let admin: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    api = boardApi(app.platformUrl);
    [ada, bob, admin] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const post = (user: PlatformUser, goalId: string, action: string) => api.call<GoalBody>('POST', `/goals/${goalId}/${action}`, user, {});

  /** A goal of Ada's brought to `status` through the actions. */
  async function goalIn(status: string): Promise<GoalBody> {
    const goal = await api.createGoal(ada);
    if (status === 'draft') return goal;
    if (status === 'cancelled') return (await api.call<GoalBody>('DELETE', `/goals/${goal.id}`, ada)).body;
    await post(ada, goal.id, 'start');
    if (status === 'active') return (await api.call<GoalBody>('GET', `/goals/${goal.id}`, ada)).body;
    return (await post(ada, goal.id, 'pause')).body;
  }

  describe('authentication', () => {
    it.each([
      ['GET', '/goals'],
      ['POST', '/goals'],
      ['GET', `/goals/${UNKNOWN_ID}`],
      ['PUT', `/goals/${UNKNOWN_ID}`],
      ['DELETE', `/goals/${UNKNOWN_ID}`],
      ...ACTIONS.map((action) => ['POST', `/goals/${UNKNOWN_ID}/${action}`]),
      ['GET', `/goals/${UNKNOWN_ID}/tasks`],
    ])('When %s %s is called without a token, Then it is 401', async (method, path) => {
      const res = await api.call(method, path, undefined, method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });
  });

  describe('records', () => {
    it('When a goal is created, Then it is a draft of yours, reads back the same, and forged fields are ignored', async () => {
      const res = await api.call<GoalBody>('POST', '/goals', ada, { title: ' Launch v2 ', description: 'By June', status: 'active', owner_id: bob.id });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID_PATTERN),
        owner_id: ada.id,
        title: 'Launch v2',
        description: 'By June',
        status: 'draft',
        agent_id: null,
        created_at: expect.stringMatching(ISO_INSTANT),
        updated_at: res.body.created_at,
      });
      expect((await api.call('GET', `/goals/${res.body.id}`, ada)).body).toEqual(res.body);
    });

    it('When the body breaks the rules, Then it is 422 naming every field', async () => {
      const res = await api.call<Json>('POST', '/goals', ada, { title: '', description: 'x'.repeat(10_001) });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: [
          { field: 'title', message: 'must be 1 to 200 characters' },
          { field: 'description', message: 'must be a string of at most 10000 characters' },
        ],
      });
    });

    it('When the owner PUTs changes with a status, Then the fields change and the status does not', async () => {
      const goal = await api.createGoal(ada, { title: 'Old' });
      const res = await api.call<GoalBody>('PUT', `/goals/${goal.id}`, ada, { title: 'New', description: 'Now', status: 'completed' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...goal, title: 'New', description: 'Now', updated_at: expect.stringMatching(ISO_INSTANT) });
      expect((await api.call('GET', `/goals/${goal.id}`, ada)).body).toEqual(res.body);
      expect((await api.call('PUT', `/goals/${goal.id}`, ada, { title: ' ' })).status).toBe(422);
    });

    it('When another user reads, changes, acts on or deletes a goal, Then it is 404; an admin may', async () => {
      const goal = await api.createGoal(ada);
      for (const [method, path] of [
        ['GET', ''],
        ['PUT', ''],
        ['DELETE', ''],
        ['POST', '/start'],
        ['POST', '/pause'],
        ['POST', '/resume'],
        ['GET', '/tasks'],
      ]) {
        const res = await api.call(method, `/goals/${goal.id}${path}`, bob, method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' });
        expect([method, path, res.status]).toEqual([method, path, 404]);
        expect(res.body).toEqual({ error: 'not_found', message: `Goal "${goal.id}" not found` });
      }
      expect((await api.call('GET', `/goals/${goal.id}`, ada)).body).toEqual(goal);
      expect((await post(admin, goal.id, 'start')).body).toMatchObject({ status: 'active', owner_id: ada.id });
    });

    it('When a user lists, Then only their goals come, newest first, in the page shape, filtered by status', async () => {
      const user = await signUp(app.platformUrl);
      const first = await api.createGoal(user);
      const second = await api.createGoal(user);
      await post(user, second.id, 'start');
      const res = await api.call<{ items: GoalBody[] }>('GET', '/goals', user);
      expect(res.body).toMatchObject({ total: 2, page: 1, page_size: 20 });
      expect(res.body.items.map((goal) => goal.id)).toEqual([second.id, first.id]);
      expect((await api.call('GET', '/goals?page=2&page_size=1', user)).body).toMatchObject({ items: [{ id: first.id }], total: 2, page: 2, page_size: 1 });
      expect((await api.call<{ items: GoalBody[] }>('GET', '/goals?status=draft', user)).body.items.map((g) => g.id)).toEqual([first.id]);
      expect((await api.call<{ total: number }>('GET', '/goals', await signUp(app.platformUrl))).body.total).toBe(0);
      for (const query of ['page=0', 'page_size=101', 'status=done']) expect((await api.call('GET', `/goals?${query}`, user)).status).toBe(422);
    });
  });

  describe('the lifecycle', () => {
    it('When a goal is started, paused, resumed and deleted, Then it walks draft → active → paused → active → cancelled', async () => {
      const goal = await api.createGoal(ada);
      expect((await post(ada, goal.id, 'start')).body.status).toBe('active');
      expect((await post(ada, goal.id, 'pause')).body.status).toBe('paused');
      expect((await post(ada, goal.id, 'resume')).body.status).toBe('active');
      const deleted = await api.call<GoalBody>('DELETE', `/goals/${goal.id}`, ada);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toMatchObject({ id: goal.id, status: 'cancelled' });
      expect((await api.call('GET', `/goals/${goal.id}`, ada)).body).toEqual(deleted.body);
    });

    it.each([
      ['draft', 'pause'],
      ['draft', 'resume'],
      ['active', 'start'],
      ['active', 'resume'],
      ['paused', 'start'],
      ['paused', 'pause'],
      ['cancelled', 'start'],
      ['cancelled', 'pause'],
      ['cancelled', 'resume'],
    ])('When a %s goal gets %s, Then it is 409 and the goal is unchanged', async (status, action) => {
      const goal = await goalIn(status);
      const res = await post(ada, goal.id, action);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: `Cannot ${action} a goal that is ${status}` });
      expect((await api.call('GET', `/goals/${goal.id}`, ada)).body).toEqual(goal);
    });

    it('When a cancelled goal is deleted again, Then it is 409', async () => {
      const goal = await goalIn('cancelled');
      const res = await api.call('DELETE', `/goals/${goal.id}`, ada);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: 'Cannot cancel a goal that is cancelled' });
    });
  });

  describe('GET /goals/{id}/tasks', () => {
    it('When a goal has tasks, Then the tree is the goal and its tasks oldest first, linked by depends_on, with their current states', async () => {
      const goal = await api.createGoal(ada);
      const design = await api.createTask(ada, { goal_id: goal.id, title: 'Design' });
      const build = await api.createTask(ada, { goal_id: goal.id, title: 'Build', depends_on: [design.id] });
      const ship = await api.createTask(ada, { goal_id: goal.id, title: 'Ship', depends_on: [build.id, design.id], requires_approval: true });
      await api.createTask(ada, { title: 'Elsewhere' });
      const claimed = await api.act(ada, design.id, 'claim');
      const res = await api.call<{ goal: GoalBody; tasks: TaskBody[] }>('GET', `/goals/${goal.id}/tasks`, ada);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ goal, tasks: [claimed, build, ship] });
      expect(res.body.tasks.map((task) => task.depends_on)).toEqual([[], [design.id], [build.id, design.id]]);
    });

    it('When the goal has no tasks or is unknown, Then the tree is empty or 404', async () => {
      const goal = await api.createGoal(ada);
      expect((await api.call('GET', `/goals/${goal.id}/tasks`, ada)).body).toEqual({ goal, tasks: [] });
      expect((await api.call('GET', `/goals/${UNKNOWN_ID}/tasks`, ada)).status).toBe(404);
    });
  });
});
