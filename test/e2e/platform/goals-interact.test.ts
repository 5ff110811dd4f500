import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, Json, TaskBody } from '../../support/tasks-api';
import { UNKNOWN_ID } from '../../support/workflows-api';

interface Interaction {
  reply: string;
  changes: Array<{ action: string; task: TaskBody }>;
}

/** `POST /goals/{id}/interact` with the offline model: a turn of conversation that adds, changes or drops pending tasks and lists the changes. */
describe('Platform Goals API: interact', () => {
  let app: StartedApp;
  let api: ReturnType<typeof boardApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    api = boardApi(app.platformUrl);
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const interact = (user: PlatformUser, goalId: string, message: unknown) => api.call<Interaction>('POST', `/goals/${goalId}/interact`, user, { message });
  const tree = async (goalId: string): Promise<TaskBody[]> => (await api.call<{ tasks: TaskBody[] }>('GET', `/goals/${goalId}/tasks`, ada)).body.tasks;

  it('When the message asks to add, rename and drop, Then the pending tasks change accordingly and each change is listed', async () => {
    const goal = await api.createGoal(ada, { title: 'Open the shop' });
    const flyers = await api.createTask(ada, { goal_id: goal.id, title: 'Print flyers' });
    const site = await api.createTask(ada, { goal_id: goal.id, title: 'Build the site' });
    const launch = await api.createTask(ada, { goal_id: goal.id, title: 'Launch', depends_on: [flyers.id, site.id] });
    const res = await interact(ada, goal.id, 'add: Write the FAQ\nrename: Build the site => Build the web shop\ndrop: Print flyers');
    expect(res.status).toBe(200);
    expect(res.body.reply).toContain('3 change(s)');
    expect(res.body.changes.map((change) => [change.action, change.task.title])).toEqual([
      ['added', 'Write the FAQ'],
      ['changed', 'Build the web shop'],
      ['dropped', 'Print flyers'],
    ]);
    expect(res.body.changes[0].task).toMatchObject({ goal_id: goal.id, owner_id: ada.id, status: 'pending', depends_on: [] });
    const now = await tree(goal.id);
    expect(now.map((task) => task.title)).toEqual(['Build the web shop', 'Launch', 'Write the FAQ']);
    expect(now.find((task) => task.id === launch.id)!.depends_on).toEqual([site.id]);
    expect((await api.call('GET', `/tasks/${flyers.id}`, ada)).status).toBe(404);
  });

  it('When the message asks for nothing, Then the reply describes the tasks and nothing changes', async () => {
    const goal = await api.createGoal(ada);
    await api.createTask(ada, { goal_id: goal.id, title: 'Only task' });
    const before = await tree(goal.id);
    const res = await interact(ada, goal.id, 'How is it going?');
    expect(res.body).toEqual({ reply: '[offline model] The goal has 1 task(s): Only task (pending).', changes: [] });
    expect(await tree(goal.id)).toEqual(before);
  });

  it('When the message names a task that is not pending, Then that task is left alone', async () => {
    const goal = await api.createGoal(ada);
    const task = await api.createTask(ada, { goal_id: goal.id, title: 'Started' });
    await api.act(ada, task.id, 'claim');
    const res = await interact(ada, goal.id, 'drop: Started');
    expect(res.body.changes).toEqual([]);
    expect((await tree(goal.id)).map((t) => t.status)).toEqual(['claimed']);
  });

  it.each([
    ['empty', ''],
    ['too long', 'x'.repeat(4_001)],
  ])('When the message is %s, Then it is 422', async (_, message) => {
    const goal = await api.createGoal(ada);
    const res = await interact(ada, goal.id, message);
    expect(res.status).toBe(422);
    expect(res.body as unknown as Json).toMatchObject({ error: 'validation_error', details: [{ field: 'message' }] });
  });

  it("When the goal is cancelled, another user's or unknown, Then it is 409 or 404; without a token 401", async () => {
    const goal = await api.createGoal(ada);
    await api.call('DELETE', `/goals/${goal.id}`, ada);
    const cancelled = await interact(ada, goal.id, 'add: More');
    expect(cancelled.status).toBe(409);
    expect(cancelled.body as unknown as Json).toEqual({ error: 'conflict', message: 'Cannot change the plan of a goal that is cancelled' });
    const other = await api.createGoal(ada);
    expect((await interact(bob, other.id, 'add: Mine')).status).toBe(404);
    expect((await interact(ada, UNKNOWN_ID, 'hi')).status).toBe(404);
    expect((await api.call('POST', `/goals/${other.id}/interact`, undefined, { message: 'hi' })).status).toBe(401);
  });
});
