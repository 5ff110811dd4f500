import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, GoalBody, TaskBody } from '../../support/tasks-api';
import { UNKNOWN_ID } from '../../support/workflows-api';

interface Plan {
  goal: GoalBody;
  summary: string;
  tasks: TaskBody[];
  removed_task_ids: string[];
}

/** `POST /goals/{id}/replan` with the offline model: the unfinished part is replaced, completed work is kept and built on. */
describe('Platform Goals API: replan', () => {
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

  const replan = (user: PlatformUser, goalId: string) => api.call<Plan>('POST', `/goals/${goalId}/replan`, user, {});

  /** A goal whose chain A → B → C has A completed, B failed and C pending. */
  async function halfDoneGoal(): Promise<{ goal: GoalBody; done: TaskBody; failed: TaskBody; pending: TaskBody }> {
    const goal = await api.createGoal(ada, { title: 'Migrate the database' });
    const a = await api.createTask(ada, { goal_id: goal.id, title: 'Export the data' });
    const b = await api.createTask(ada, { goal_id: goal.id, title: 'Import into MariaDB', depends_on: [a.id] });
    const pending = await api.createTask(ada, { goal_id: goal.id, title: 'Switch the app over', depends_on: [b.id] });
    await api.act(ada, a.id, 'claim');
    const done = await api.act(ada, a.id, 'complete', { result: { rows: 1200 } });
    await api.act(ada, b.id, 'claim');
    const failed = await api.act(ada, b.id, 'fail', { reason: 'charset mismatch' });
    return { goal, done, failed, pending };
  }

  it('When a goal has completed, failed and pending tasks, Then the failed and pending ones are replaced and the completed one is kept and built on', async () => {
    const { goal, done, failed, pending } = await halfDoneGoal();
    const res = await replan(ada, goal.id);
    expect(res.status).toBe(200);
    expect(res.body.removed_task_ids).toEqual([failed.id, pending.id]);
    expect(res.body.summary).toEqual(expect.any(String));
    const [retry, switchOver] = res.body.tasks;
    expect(res.body.tasks).toHaveLength(2);
    expect(retry).toMatchObject({ title: 'Retry differently: Import into MariaDB', status: 'pending', goal_id: goal.id, depends_on: [done.id] });
    expect(retry.description).toContain('charset mismatch');
    expect(switchOver).toMatchObject({ title: 'Switch the app over', status: 'pending', depends_on: [retry.id] });
    const tree = (await api.call<{ tasks: TaskBody[] }>('GET', `/goals/${goal.id}/tasks`, ada)).body.tasks;
    expect(tree).toEqual([done, retry, switchOver]);
    for (const id of res.body.removed_task_ids) expect((await api.call('GET', `/tasks/${id}`, ada)).status).toBe(404);
    expect((await api.call<{ items: TaskBody[] }>('GET', `/tasks/available/${goal.id}`, ada)).body.items.map((t) => t.id)).toEqual([retry.id]);
  });

  it('When a task is claimed or awaiting approval, Then it is 409 and nothing changes', async () => {
    const { goal, failed } = await halfDoneGoal();
    await api.act(ada, failed.id, 'retry');
    const held = await api.act(ada, failed.id, 'claim');
    const before = (await api.call('GET', `/goals/${goal.id}/tasks`, ada)).body;
    const res = await replan(ada, goal.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'conflict', message: `Cannot replan while a task is claimed: "${held.title}" (${held.id})` });
    expect((await api.call('GET', `/goals/${goal.id}/tasks`, ada)).body).toEqual(before);
  });

  it('When every task is completed, the goal has none, or it is cancelled, Then it is 409', async () => {
    const finished = await api.createGoal(ada);
    const only = await api.createTask(ada, { goal_id: finished.id });
    await api.act(ada, only.id, 'claim');
    await api.act(ada, only.id, 'complete');
    expect((await replan(ada, finished.id)).body).toEqual({ error: 'conflict', message: 'Nothing to replan: every task is completed' });
    const empty = await api.createGoal(ada);
    expect((await replan(ada, empty.id)).body).toEqual({ error: 'conflict', message: 'The goal has no tasks: decompose it instead' });
    await api.call('DELETE', `/goals/${empty.id}`, ada);
    expect((await replan(ada, empty.id)).body).toEqual({ error: 'conflict', message: 'Cannot replan a goal that is cancelled' });
  });

  it('When another user replans, or the goal is unknown, Then it is 404; without a token 401', async () => {
    const { goal } = await halfDoneGoal();
    expect((await replan(bob, goal.id)).status).toBe(404);
    expect((await replan(ada, UNKNOWN_ID)).status).toBe(404);
    expect((await api.call('POST', `/goals/${goal.id}/replan`, undefined, {})).status).toBe(401);
  });
});
