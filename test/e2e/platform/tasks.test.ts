import { ISO_INSTANT, UUID_PATTERN } from '../../support/agents-api';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, Json, TaskBody } from '../../support/tasks-api';
import { UNKNOWN_ID } from '../../support/workflows-api';

const ACTIONS = ['claim', 'release', 'complete', 'fail', 'approve', 'reject', 'retry'] as const;
type Action = (typeof ACTIONS)[number];

/** The actions that apply in each state (decisions.md, "Task states"); every other one is a 409. */
const LEGAL: Record<string, ReadonlyArray<Action>> = {
  pending: ['claim'],
  claimed: ['claim', 'release', 'complete', 'fail'],
  awaiting_approval: ['approve', 'reject'],
  completed: [],
  failed: ['retry'],
};

/** Tasks API: records, the board's actions and their 409s, leases, concurrent claims, dependencies and cycles. */
describe('Platform Tasks API', () => {
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

  /** A task of Ada's brought to `status` through the actions. */
  async function taskIn(status: string, body: Json = {}): Promise<TaskBody> {
    const task = await api.createTask(ada, { requires_approval: status === 'awaiting_approval', ...body });
    if (status === 'pending') return task;
    await api.act(ada, task.id, 'claim');
    if (status === 'claimed') return api.act(ada, task.id, 'claim');
    if (status === 'failed') return api.act(ada, task.id, 'fail', { reason: 'broke' });
    return api.act(ada, task.id, 'complete', { result: { ok: true } });
  }

  describe('authentication', () => {
    it.each([
      ['GET', '/tasks'],
      ['POST', '/tasks'],
      ['GET', `/tasks/${UNKNOWN_ID}`],
      ['PUT', `/tasks/${UNKNOWN_ID}`],
      ['DELETE', `/tasks/${UNKNOWN_ID}`],
      ...ACTIONS.map((action) => ['POST', `/tasks/${UNKNOWN_ID}/${action}`]),
      ['GET', `/tasks/${UNKNOWN_ID}/blockers`],
      ['GET', `/tasks/available/${UNKNOWN_ID}`],
    ])('When %s %s is called without a token, Then it is 401', async (method, path) => {
      const res = await api.call(method, path, undefined, method === 'GET' || method === 'DELETE' ? undefined : { title: 'x' });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });
  });

  describe('POST /tasks and GET /tasks/{id}', () => {
    it('When a task is created, Then it comes back pending with defaults, reads back the same, and forged fields are ignored', async () => {
      const res = await api.call<TaskBody>('POST', '/tasks', ada, {
        title: '  Write the notes ',
        description: 'For v2',
        priority: 'high',
        due_at: '2030-01-02T03:04:05.678Z',
        status: 'completed',
        owner_id: bob.id,
        id: UNKNOWN_ID,
        claimed_by_agent: true,
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID_PATTERN),
        owner_id: ada.id,
        goal_id: null,
        title: 'Write the notes',
        description: 'For v2',
        status: 'pending',
        priority: 'high',
        requires_approval: false,
        agent_id: null,
        claimed_by: null,
        claimed_by_agent: false,
        lease_expires_at: null,
        depends_on: [],
        result: null,
        failure_reason: null,
        due_at: '2030-01-02T03:04:05.678Z',
        created_at: expect.stringMatching(ISO_INSTANT),
        updated_at: res.body.created_at,
        completed_at: null,
      });
      expect(res.body.id).not.toBe(UNKNOWN_ID);
      expect((await api.call('GET', `/tasks/${res.body.id}`, ada)).body).toEqual(res.body);
    });

    it('When the body breaks the rules, Then it is 422 naming every field', async () => {
      const res = await api.call<Json>('POST', '/tasks', ada, { title: ' ', depends_on: ['x'.repeat(40)] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: [
          { field: 'title', message: 'must be 1 to 200 characters' },
          { field: 'depends_on', message: 'must be a list of ids of 1 to 36 characters' },
        ],
      });
    });

    it("When the goal or a dependency is unknown or another user's, Then it is 422 saying it does not exist", async () => {
      const bobsTask = await api.createTask(bob);
      const bobsGoal = await api.createGoal(bob);
      const res = await api.call<Json>('POST', '/tasks', ada, { title: 'x', depends_on: [bobsTask.id, UNKNOWN_ID] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        details: [
          { field: 'depends_on', message: `task "${bobsTask.id}" does not exist` },
          { field: 'depends_on', message: `task "${UNKNOWN_ID}" does not exist` },
        ],
      });
      const inGoal = await api.call<Json>('POST', '/tasks', ada, { title: 'x', goal_id: bobsGoal.id });
      expect(inGoal.status).toBe(422);
      expect(inGoal.body).toMatchObject({ details: [{ field: 'goal_id', message: `goal "${bobsGoal.id}" does not exist` }] });
    });

    it('When the goal is cancelled, Then no task can be added (409)', async () => {
      const goal = await api.createGoal(ada);
      expect((await api.call('DELETE', `/goals/${goal.id}`, ada)).status).toBe(200);
      const res = await api.call('POST', '/tasks', ada, { title: 'late', goal_id: goal.id });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: 'Cannot add a task to a goal that is cancelled' });
    });

    it('When another user reads a task, Then it is 404; an admin reads it', async () => {
      const task = await api.createTask(ada);
      const res = await api.call('GET', `/tasks/${task.id}`, bob);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
      expect((await api.call('GET', `/tasks/${task.id}`, admin)).body).toEqual(task);
    });
  });

  describe('GET /tasks', () => {
    it('When a user lists, Then only their tasks come, newest first, in the page shape, filtered by goal and status', async () => {
      const user = await signUp(app.platformUrl);
      const goal = await api.createGoal(user);
      const loose = await api.createTask(user);
      const inGoal = await api.createTask(user, { goal_id: goal.id });
      await api.act(user, inGoal.id, 'claim');
      const res = await api.call<{ items: TaskBody[]; total: number; page: number; page_size: number }>('GET', '/tasks', user);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 2, page: 1, page_size: 20 });
      expect(res.body.items.map((task) => task.id)).toEqual([inGoal.id, loose.id]);
      const page2 = await api.call<{ items: TaskBody[] }>('GET', '/tasks?page=2&page_size=1', user);
      expect(page2.body).toMatchObject({ total: 2, page: 2, page_size: 1, items: [{ id: loose.id }] });
      expect((await api.call<{ items: TaskBody[] }>('GET', `/tasks?goal_id=${goal.id}`, user)).body.items.map((t) => t.id)).toEqual([inGoal.id]);
      expect((await api.call<{ items: TaskBody[] }>('GET', '/tasks?status=pending', user)).body.items.map((t) => t.id)).toEqual([loose.id]);
      const stranger = await signUp(app.platformUrl);
      expect((await api.call<{ total: number }>('GET', '/tasks', stranger)).body.total).toBe(0);
    });

    it.each([
      ['page=0', 'page'],
      ['page_size=0', 'page_size'],
      ['page_size=101', 'page_size'],
      ['status=done', 'status'],
    ])('When the query has %s, Then it is 422 naming %s', async (query, field) => {
      const res = await api.call<Json>('GET', `/tasks?${query}`, ada);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field })] });
    });
  });

  describe('PUT /tasks/{id}', () => {
    it('When the owner changes fields and sends a status, Then the fields change and the status does not', async () => {
      const task = await api.createTask(ada, { title: 'Old', priority: 'low' });
      const res = await api.call<TaskBody>('PUT', `/tasks/${task.id}`, ada, {
        title: 'New',
        priority: 'urgent',
        requires_approval: true,
        status: 'completed',
        due_at: '2031-05-06T07:08:09.000Z',
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...task,
        title: 'New',
        priority: 'urgent',
        requires_approval: true,
        due_at: '2031-05-06T07:08:09.000Z',
        updated_at: expect.stringMatching(ISO_INSTANT),
      });
      expect((await api.call('GET', `/tasks/${task.id}`, ada)).body).toEqual(res.body);
      const cleared = await api.call<TaskBody>('PUT', `/tasks/${task.id}`, ada, { due_at: null });
      expect(cleared.body).toMatchObject({ due_at: null, title: 'New' });
    });

    it('When new dependencies would form a cycle, Then it is 422 and the dependencies are unchanged', async () => {
      const goal = await api.createGoal(ada);
      const first = await api.createTask(ada, { goal_id: goal.id });
      const second = await api.createTask(ada, { goal_id: goal.id, depends_on: [first.id] });
      const third = await api.createTask(ada, { goal_id: goal.id, depends_on: [second.id] });
      const cycle = await api.call<Json>('PUT', `/tasks/${first.id}`, ada, { depends_on: [third.id] });
      expect(cycle.status).toBe(422);
      expect(cycle.body).toEqual({
        error: 'validation_error',
        message: expect.stringContaining('cycle'),
        details: [{ field: 'depends_on', message: `task "${third.id}" already depends on this task: the dependencies would form a cycle` }],
      });
      const self = await api.call<Json>('PUT', `/tasks/${first.id}`, ada, { depends_on: [first.id] });
      expect(self.status).toBe(422);
      expect(self.body).toMatchObject({ details: [{ field: 'depends_on', message: 'a task cannot depend on itself' }] });
      expect((await api.call<TaskBody>('GET', `/tasks/${first.id}`, ada)).body.depends_on).toEqual([]);
    });

    it('When the dependencies are replaced without a cycle, Then they are stored in the order given', async () => {
      const goal = await api.createGoal(ada);
      const [a, b] = [await api.createTask(ada, { goal_id: goal.id }), await api.createTask(ada, { goal_id: goal.id })];
      const c = await api.createTask(ada, { goal_id: goal.id, depends_on: [a.id] });
      const res = await api.call<TaskBody>('PUT', `/tasks/${c.id}`, ada, { depends_on: [b.id, a.id] });
      expect(res.body.depends_on).toEqual([b.id, a.id]);
      expect((await api.call<TaskBody>('GET', `/tasks/${c.id}`, ada)).body.depends_on).toEqual([b.id, a.id]);
    });

    it('When another user or an invalid body is sent, Then it is 404 or 422', async () => {
      const task = await api.createTask(ada);
      expect((await api.call('PUT', `/tasks/${task.id}`, bob, { title: 'mine' })).status).toBe(404);
      const bad = await api.call<Json>('PUT', `/tasks/${task.id}`, ada, { title: '', priority: 'soon' });
      expect(bad.status).toBe(422);
      expect(bad.body).toMatchObject({ error: 'validation_error' });
    });
  });

  describe('DELETE /tasks/{id}', () => {
    it('When the owner deletes a task, Then it is 204 and gone; another user gets 404', async () => {
      const task = await api.createTask(ada);
      expect((await api.call('DELETE', `/tasks/${task.id}`, bob)).status).toBe(404);
      const res = await api.call('DELETE', `/tasks/${task.id}`, ada);
      expect(res.status).toBe(204);
      expect((await api.call('GET', `/tasks/${task.id}`, ada)).status).toBe(404);
      expect((await api.call('DELETE', `/tasks/${task.id}`, ada)).status).toBe(404);
    });

    it('When other tasks depend on it, Then it is 409 until they are gone', async () => {
      const base = await api.createTask(ada);
      const dependant = await api.createTask(ada, { depends_on: [base.id] });
      const res = await api.call('DELETE', `/tasks/${base.id}`, ada);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: 'Cannot delete a task that 1 other task(s) depend on' });
      expect((await api.call('DELETE', `/tasks/${dependant.id}`, ada)).status).toBe(204);
      expect((await api.call('DELETE', `/tasks/${base.id}`, ada)).status).toBe(204);
    });
  });

  describe('the lifecycle', () => {
    it('When a task is claimed and completed, Then it is completed with its result and completion time', async () => {
      const task = await api.createTask(ada);
      const claimed = await api.act(ada, task.id, 'claim');
      expect(claimed).toMatchObject({ status: 'claimed', claimed_by: ada.id, lease_expires_at: null });
      const done = await api.act(ada, task.id, 'complete', { result: { words: 420 } });
      expect(done).toMatchObject({ status: 'completed', result: { words: 420 }, lease_expires_at: null, completed_at: expect.stringMatching(ISO_INSTANT) });
    });

    it('When a task needs approval, Then complete parks it, reject hands it back, approve completes it', async () => {
      const task = await api.createTask(ada, { requires_approval: true });
      await api.act(ada, task.id, 'claim');
      expect(await api.act(ada, task.id, 'complete', { result: 'draft 1' })).toMatchObject({ status: 'awaiting_approval', completed_at: null });
      expect(await api.act(ada, task.id, 'reject')).toMatchObject({ status: 'claimed', claimed_by: ada.id });
      await api.act(ada, task.id, 'complete', { result: 'draft 2' });
      expect(await api.act(ada, task.id, 'approve')).toMatchObject({
        status: 'completed',
        result: 'draft 2',
        completed_at: expect.stringMatching(ISO_INSTANT),
      });
    });

    it('When a task fails and is retried, Then the reason is kept, then cleared back to pending; release also clears the claim', async () => {
      const task = await api.createTask(ada);
      await api.act(ada, task.id, 'claim');
      expect(await api.act(ada, task.id, 'fail', { reason: 'network down' })).toMatchObject({ status: 'failed', failure_reason: 'network down' });
      expect(await api.act(ada, task.id, 'retry')).toMatchObject({ status: 'pending', failure_reason: null, claimed_by: null });
      await api.act(ada, task.id, 'claim');
      expect(await api.act(ada, task.id, 'release')).toMatchObject({ status: 'pending', claimed_by: null });
    });

    const illegal = Object.entries(LEGAL).flatMap(([status, legal]) =>
      ACTIONS.filter((action) => !legal.includes(action)).map((action) => [status, action] as const),
    );
    it.each(illegal)('When a %s task gets %s, Then it is 409 and the task is unchanged', async (status, action) => {
      const task = await taskIn(status);
      const res = await api.call('POST', `/tasks/${task.id}/${action}`, ada, {});
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: `Cannot ${action} a task that is ${status}` });
      expect((await api.call('GET', `/tasks/${task.id}`, ada)).body).toEqual(task);
    });

    it('When someone else claims a task that is held, Then it is 409', async () => {
      const task = await taskIn('claimed');
      const res = await api.call('POST', `/tasks/${task.id}/claim`, admin, {});
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: 'Cannot claim a task that is claimed' });
    });

    it.each(ACTIONS)('When another user applies %s to a task, Then it is 404', async (action) => {
      const task = await api.createTask(ada);
      const res = await api.call('POST', `/tasks/${task.id}/${action}`, bob, {});
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
    });

    it('When the result or reason is too large, Then it is 422', async () => {
      const task = await taskIn('claimed');
      expect((await api.call('POST', `/tasks/${task.id}/fail`, ada, { reason: 'x'.repeat(2001) })).status).toBe(422);
      expect((await api.call('POST', `/tasks/${task.id}/complete`, ada, { result: 'x'.repeat(70_000) })).status).toBe(422);
    });
  });

  describe('concurrent claims', () => {
    it('When two users claim the same task at once, Then exactly one wins and the other is 409', async () => {
      for (let round = 0; round < 5; round += 1) {
        const task = await api.createTask(ada);
        const answers = await Promise.all([
          api.call<TaskBody>('POST', `/tasks/${task.id}/claim`, ada, {}),
          api.call<TaskBody>('POST', `/tasks/${task.id}/claim`, admin, {}),
        ]);
        expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
        const winner = answers.find((res) => res.status === 200)!.body.claimed_by;
        expect((await api.call<TaskBody>('GET', `/tasks/${task.id}`, ada)).body).toMatchObject({ status: 'claimed', claimed_by: winner });
      }
    });
  });

  describe('leases', () => {
    it('When a claim has a lease, Then it shows its end, claiming again renews it, and others cannot claim meanwhile', async () => {
      const task = await api.createTask(ada);
      const before = Date.now();
      const claimed = await api.act(ada, task.id, 'claim', { lease_seconds: 600 });
      const end = Date.parse(claimed.lease_expires_at!);
      expect(end).toBeGreaterThanOrEqual(before + 600_000);
      expect(end).toBeLessThanOrEqual(Date.now() + 600_000);
      const renewed = await api.act(ada, task.id, 'claim', { lease_seconds: 3600 });
      expect(Date.parse(renewed.lease_expires_at!)).toBeGreaterThanOrEqual(end + 3000_000 - 1000);
      expect(renewed).toMatchObject({ status: 'claimed', claimed_by: ada.id });
      expect((await api.call('POST', `/tasks/${task.id}/claim`, admin, { lease_seconds: 60 })).status).toBe(409);
      expect(await api.act(ada, task.id, 'claim')).toMatchObject({ status: 'claimed', lease_expires_at: null });
    });

    it('When a lease expires, Then the task is pending again with no claimer, and someone else can claim it', async () => {
      const task = await api.createTask(ada);
      await api.act(ada, task.id, 'claim', { lease_seconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      const read = await api.call<TaskBody>('GET', `/tasks/${task.id}`, ada);
      expect(read.body).toMatchObject({ status: 'pending', claimed_by: null, lease_expires_at: null });
      expect(await api.act(admin, task.id, 'claim')).toMatchObject({ status: 'claimed', claimed_by: admin.id });
      expect((await api.call('POST', `/tasks/${task.id}/complete`, ada, {})).status).toBe(200);
    });

    it('When the holder completes before the lease ends, Then the lease ends with the claim', async () => {
      const task = await api.createTask(ada);
      await api.act(ada, task.id, 'claim', { lease_seconds: 1 });
      expect(await api.act(ada, task.id, 'complete')).toMatchObject({ status: 'completed', lease_expires_at: null });
      await new Promise((resolve) => setTimeout(resolve, 1_100));
      expect((await api.call<TaskBody>('GET', `/tasks/${task.id}`, ada)).body.status).toBe('completed');
    });

    it.each([0, 86_401, 1.5, -3])('When lease_seconds is %p, Then it is 422', async (lease) => {
      const task = await api.createTask(ada);
      const res = await api.call<Json>('POST', `/tasks/${task.id}/claim`, ada, { lease_seconds: lease });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error' });
      expect((await api.call<TaskBody>('GET', `/tasks/${task.id}`, ada)).body.status).toBe('pending');
    });
  });

  describe('dependencies: blockers and available', () => {
    it('When a dependency is unfinished, Then claim is 409, blockers lists it, and available leaves the task out until it completes', async () => {
      const goal = await api.createGoal(ada);
      const first = await api.createTask(ada, { goal_id: goal.id, title: 'First' });
      const second = await api.createTask(ada, { goal_id: goal.id, title: 'Second', depends_on: [first.id] });
      const blocked = await api.call<Json>('POST', `/tasks/${second.id}/claim`, ada, {});
      expect(blocked.status).toBe(409);
      expect(blocked.body).toEqual({
        error: 'conflict',
        message: `Cannot claim a task while a task it depends on is unfinished: "First" (${first.id}, pending)`,
      });
      expect((await api.call<{ items: TaskBody[] }>('GET', `/tasks/${second.id}/blockers`, ada)).body).toEqual({ items: [first] });
      expect((await api.call<{ items: TaskBody[] }>('GET', `/tasks/available/${goal.id}`, ada)).body.items.map((t) => t.id)).toEqual([first.id]);
      await api.act(ada, first.id, 'claim');
      await api.act(ada, first.id, 'complete');
      expect((await api.call('GET', `/tasks/${second.id}/blockers`, ada)).body).toEqual({ items: [] });
      expect((await api.call<{ items: TaskBody[] }>('GET', `/tasks/available/${goal.id}`, ada)).body.items.map((t) => t.id)).toEqual([second.id]);
      expect((await api.call('POST', `/tasks/${second.id}/claim`, ada, {})).status).toBe(200);
    });

    it("When another user asks for blockers or a goal's available tasks, Then it is 404", async () => {
      const goal = await api.createGoal(ada);
      const task = await api.createTask(ada, { goal_id: goal.id });
      expect((await api.call('GET', `/tasks/${task.id}/blockers`, bob)).status).toBe(404);
      const res = await api.call('GET', `/tasks/available/${goal.id}`, bob);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: `Goal "${goal.id}" not found` });
      expect((await api.call('GET', `/tasks/available/${UNKNOWN_ID}`, ada)).status).toBe(404);
    });
  });
});
