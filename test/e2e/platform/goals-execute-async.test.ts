import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, GoalBody, TaskBody } from '../../support/tasks-api';
import { UNKNOWN_ID } from '../../support/workflows-api';

interface Tree {
  goal: GoalBody;
  tasks: TaskBody[];
}

/** `POST /goals/{id}/execute-async`: the goal's tasks run through the job queue, approvals park their branch, the goal ends completed. */
describe('Platform Goals API: execute-async', () => {
  let app: StartedApp;
  let api: ReturnType<typeof boardApi>;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    api = boardApi(app.platformUrl);
    bob = await signUp(app.platformUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const tree = async (user: PlatformUser, goalId: string): Promise<Tree> => (await api.call<Tree>('GET', `/goals/${goalId}/tasks`, user)).body;

  /** Reads the tree until `done` holds (the run is in the background); fails after a generous while. */
  async function treeWhen(user: PlatformUser, goalId: string, done: (tree: Tree) => boolean): Promise<Tree> {
    for (let read = 0; read < 200; read += 1) {
      const current = await tree(user, goalId);
      if (done(current)) return current;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`the goal never got there: ${JSON.stringify(await tree(user, goalId))}`);
  }
  const statuses = (current: Tree): string[] => current.tasks.map((task) => task.status);

  it('When a 5-task goal with a dependency and an approval runs, Then it parks at the approval, and completes once approved', async () => {
    const ada = await signUp(app.platformUrl);
    const goal = await api.createGoal(ada, { title: 'Launch the newsletter' });
    const collect = await api.createTask(ada, { goal_id: goal.id, title: 'Collect the news' });
    const write = await api.createTask(ada, { goal_id: goal.id, title: 'Write the issue', depends_on: [collect.id] });
    const review = await api.createTask(ada, { goal_id: goal.id, title: 'Review the layout', requires_approval: true });
    const send = await api.createTask(ada, { goal_id: goal.id, title: 'Send it', depends_on: [write.id, review.id] });
    const archive = await api.createTask(ada, { goal_id: goal.id, title: 'Archive the sources' });

    const res = await api.call<GoalBody>('POST', `/goals/${goal.id}/execute-async`, ada, {});
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ id: goal.id, status: 'active' });

    const parked = await treeWhen(ada, goal.id, (current) => statuses(current).join() === 'completed,completed,awaiting_approval,pending,completed');
    expect(parked.goal.status).toBe('active');
    const byId = new Map(parked.tasks.map((task) => [task.id, task]));
    expect((byId.get(write.id)!.result as { output: string }).output).toContain('Results of the tasks this one depends on');
    expect(byId.get(send.id)).toMatchObject({ status: 'pending', claimed_by: null });
    expect(byId.get(archive.id)!.result).toMatchObject({ output: expect.stringContaining('Archive the sources') });
    const notices = (await api.call<{ items: Array<{ title: string; data: Record<string, unknown> }> }>('GET', '/notifications', ada)).body.items;
    expect(notices.map((notice) => [notice.title, notice.data.task_id])).toEqual([['Task awaiting approval', review.id]]);

    expect((await api.call('POST', `/tasks/${review.id}/approve`, ada, {})).status).toBe(200);
    const finished = await treeWhen(ada, goal.id, (current) => current.goal.status !== 'active');
    expect(finished.goal.status).toBe('completed');
    expect(statuses(finished)).toEqual(['completed', 'completed', 'completed', 'completed', 'completed']);
    const last = (await api.call<{ items: Array<{ title: string; data: Record<string, unknown> }> }>('GET', '/notifications', ada)).body.items[0];
    expect(last).toMatchObject({ title: 'Goal completed', data: { kind: 'goal.completed', goal_id: goal.id } });
  });

  it("When the run's result is rejected, Then the run does the task again; a result done by hand stays with its claimer", async () => {
    const ada = await signUp(app.platformUrl);
    const goal = await api.createGoal(ada, { title: 'Publish the digest' });
    const draft = await api.createTask(ada, { goal_id: goal.id, title: 'Draft the digest', requires_approval: true });
    await api.call('POST', `/goals/${goal.id}/execute-async`, ada, {});
    const first = await treeWhen(ada, goal.id, (current) => statuses(current).join() === 'awaiting_approval');
    expect(first.tasks[0]).toMatchObject({ claimed_by: ada.id, claimed_by_agent: true, result: { output: expect.stringContaining('Draft the digest') } });

    const rejected = await api.act(ada, draft.id, 'reject');
    expect(rejected).toMatchObject({ status: 'claimed', claimed_by: ada.id, claimed_by_agent: true, lease_expires_at: null });
    await treeWhen(ada, goal.id, (current) => statuses(current).join() === 'awaiting_approval');
    const notices = (await api.call<{ items: Array<{ title: string; data: Record<string, unknown> }> }>('GET', '/notifications', ada)).body.items;
    expect(notices.filter((notice) => notice.data.task_id === draft.id).map((notice) => notice.title)).toEqual([
      'Task awaiting approval',
      'Task awaiting approval',
    ]);
    await api.act(ada, draft.id, 'approve');
    expect((await treeWhen(ada, goal.id, (current) => current.goal.status !== 'active')).goal.status).toBe('completed');

    const byHand = await api.createTask(ada, { title: 'Check the links', requires_approval: true });
    await api.act(ada, byHand.id, 'claim');
    await api.act(ada, byHand.id, 'complete', { result: 'all good' });
    const kept = await api.act(ada, byHand.id, 'reject');
    expect(kept).toMatchObject({ status: 'claimed', claimed_by: ada.id, claimed_by_agent: false, result: 'all good' });
  });

  it('When the run is parked on a task claimed by hand, Then completing or releasing it by hand moves the run on to the end', async () => {
    const ada = await signUp(app.platformUrl);
    const goal = await api.createGoal(ada, { title: 'Renew the domain' });
    const pay = await api.createTask(ada, { goal_id: goal.id, title: 'Pay the invoice' });
    const check = await api.createTask(ada, { goal_id: goal.id, title: 'Check the DNS', depends_on: [pay.id] });
    await api.act(ada, pay.id, 'claim');
    await api.call('POST', `/goals/${goal.id}/execute-async`, ada, {});
    await api.act(ada, pay.id, 'complete', { result: 'paid' });
    const finished = await treeWhen(ada, goal.id, (current) => current.goal.status !== 'active');
    expect(finished.goal.status).toBe('completed');
    expect(finished.tasks.find((task) => task.id === check.id)).toMatchObject({ status: 'completed', claimed_by_agent: true });

    const other = await api.createGoal(ada, { title: 'Rotate the keys' });
    const rotate = await api.createTask(ada, { goal_id: other.id, title: 'Rotate them' });
    await api.act(ada, rotate.id, 'claim');
    await api.call('POST', `/goals/${other.id}/execute-async`, ada, {});
    await api.act(ada, rotate.id, 'release');
    const released = await treeWhen(ada, other.id, (current) => current.goal.status !== 'active');
    expect(released.goal.status).toBe('completed');
    expect(released.tasks[0]).toMatchObject({ status: 'completed', claimed_by_agent: true, result: { output: expect.stringContaining('Rotate them') } });
  });

  it('When a draft goal without tasks runs, Then it is decomposed, started and carried to completed', async () => {
    const ada = await signUp(app.platformUrl);
    const goal = await api.createGoal(ada, { title: 'Tidy the wiki', description: 'List stale pages; then archive them' });
    const res = await api.call<GoalBody>('POST', `/goals/${goal.id}/execute-async`, ada, {});
    expect(res.status).toBe(202);
    const finished = await treeWhen(ada, goal.id, (current) => current.goal.status !== 'active');
    expect(finished.goal.status).toBe('completed');
    expect(finished.tasks.length).toBeGreaterThanOrEqual(2);
    expect(finished.tasks.every((task) => task.status === 'completed')).toBe(true);
  });

  it("When the goal is paused, finished, another user's or unknown, Then it is 409 or 404", async () => {
    const ada = await signUp(app.platformUrl);
    const goal = await api.createGoal(ada);
    await api.call('POST', `/goals/${goal.id}/start`, ada, {});
    await api.call('POST', `/goals/${goal.id}/pause`, ada, {});
    const paused = await api.call('POST', `/goals/${goal.id}/execute-async`, ada, {});
    expect(paused.status).toBe(409);
    expect(paused.body).toEqual({ error: 'conflict', message: 'Cannot execute a goal that is paused' });
    expect((await api.call('POST', `/goals/${goal.id}/execute-async`, bob, {})).status).toBe(404);
    expect((await api.call('POST', `/goals/${UNKNOWN_ID}/execute-async`, ada, {})).status).toBe(404);
    expect((await api.call('POST', `/goals/${goal.id}/execute-async`, undefined, {})).status).toBe(401);
  });
});
