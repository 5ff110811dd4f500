import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, GoalBody, TaskBody } from '../../support/tasks-api';
import { UNKNOWN_ID } from '../../support/workflows-api';

interface Decomposition {
  goal: GoalBody;
  summary: string;
  tasks: TaskBody[];
}

/** `POST /goals/{id}/decompose` with the offline model: a valid task graph, stored with the goal. */
describe('Platform Goals API: decompose', () => {
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

  const decompose = (user: PlatformUser, goalId: string) => api.call<Decomposition>('POST', `/goals/${goalId}/decompose`, user, {});

  /** Every dependency names an earlier task of the same plan: a DAG, listed dependencies first. */
  function expectDag(tasks: TaskBody[], goal: GoalBody): void {
    const seen = new Set<string>();
    for (const task of tasks) {
      expect(task).toMatchObject({ goal_id: goal.id, owner_id: goal.owner_id, status: 'pending', claimed_by: null, result: null });
      expect(task.title.length).toBeGreaterThan(0);
      for (const dependency of task.depends_on) expect(seen).toContain(dependency);
      seen.add(task.id);
    }
  }

  it("When a goal spelling out steps is decomposed, Then each step is a task depending on the one before, stored as the goal's tree", async () => {
    const goal = await api.createGoal(ada, { title: 'Train a churn model', description: 'Collect the data; clean it; then train a model' });
    const res = await decompose(ada, goal.id);
    expect(res.status).toBe(200);
    expect(res.body.summary).toEqual(expect.any(String));
    expect(res.body.goal).toMatchObject({ id: goal.id, status: 'draft' });
    const tasks = res.body.tasks;
    expect(tasks.length).toBeGreaterThanOrEqual(3);
    expect(tasks.length).toBeLessThanOrEqual(20);
    expectDag(tasks, goal);
    expect(tasks.map((task) => task.title)).toEqual(expect.arrayContaining(['Collect the data', 'Clean it', 'Train a model']));
    expect(tasks.slice(1).every((task, index) => task.depends_on.includes(tasks[index].id))).toBe(true);
    const tree = await api.call<{ goal: GoalBody; tasks: TaskBody[] }>('GET', `/goals/${goal.id}/tasks`, ada);
    expect(tree.body.tasks).toEqual(tasks);
    expect((await api.call<{ items: TaskBody[] }>('GET', `/tasks/available/${goal.id}`, ada)).body.items.map((t) => t.id)).toEqual([tasks[0].id]);
  });

  it('When the plan is worked through, Then every task can be executed in order and the goal ends with all tasks completed', async () => {
    const goal = await api.createGoal(ada, { title: 'Write a blog post' });
    const { tasks } = (await decompose(ada, goal.id)).body;
    expect(tasks.map((task) => task.title)).toEqual([
      'Clarify the scope of: Write a blog post',
      'Carry out: Write a blog post',
      'Review the outcome of: Write a blog post',
    ]);
    for (const task of tasks) expect((await api.call<TaskBody>('POST', `/tasks/${task.id}/execute`, ada, {})).body.status).toBe('completed');
    const tree = (await api.call<{ tasks: TaskBody[] }>('GET', `/goals/${goal.id}/tasks`, ada)).body;
    expect(tree.tasks.map((task) => task.status)).toEqual(['completed', 'completed', 'completed']);
  });

  it('When the goal already has tasks, Then it is 409 and nothing is added', async () => {
    const goal = await api.createGoal(ada, { title: 'Plan twice' });
    await decompose(ada, goal.id);
    const count = (await api.call<{ tasks: TaskBody[] }>('GET', `/goals/${goal.id}/tasks`, ada)).body.tasks.length;
    const res = await decompose(ada, goal.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'conflict', message: 'The goal already has tasks: replan it instead' });
    expect((await api.call<{ tasks: TaskBody[] }>('GET', `/goals/${goal.id}/tasks`, ada)).body.tasks).toHaveLength(count);
  });

  it('When two decompositions of one goal run at once, Then one plan is stored and the other is 409', async () => {
    const goal = await api.createGoal(ada, { title: 'Race', description: 'One; two; three' });
    const answers = await Promise.all([decompose(ada, goal.id), decompose(ada, goal.id)]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.status === 200)!.body;
    expect((await api.call<{ tasks: TaskBody[] }>('GET', `/goals/${goal.id}/tasks`, ada)).body.tasks).toEqual(winner.tasks);
  });

  it("When the goal is cancelled, another user's, or unknown, Then it is 409 or 404", async () => {
    const goal = await api.createGoal(ada);
    await api.call('DELETE', `/goals/${goal.id}`, ada);
    const cancelled = await decompose(ada, goal.id);
    expect(cancelled.status).toBe(409);
    expect(cancelled.body).toEqual({ error: 'conflict', message: 'Cannot decompose a goal that is cancelled' });
    const other = await api.createGoal(ada);
    expect((await decompose(bob, other.id)).status).toBe(404);
    expect((await api.call('GET', `/goals/${other.id}/tasks`, ada)).body).toMatchObject({ tasks: [] });
    expect((await decompose(ada, UNKNOWN_ID)).status).toBe(404);
    expect((await api.call('POST', `/goals/${other.id}/decompose`, undefined, {})).status).toBe(401);
  });
});
