import { agentsApi } from '../../support/agents-api';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, TaskBody } from '../../support/tasks-api';
import { UNKNOWN_ID } from '../../support/workflows-api';

interface RunResult {
  output: string;
  agent_id: string | null;
  token_usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/** `POST /tasks/{id}/execute`: the task's agent (or the default model) runs it and the answer is stored on the task. */
describe('Platform Tasks API: execute', () => {
  let app: StartedApp;
  let api: ReturnType<typeof boardApi>;
  let agents: ReturnType<typeof agentsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    api = boardApi(app.platformUrl);
    agents = agentsApi(app.platformUrl);
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const execute = (user: PlatformUser, taskId: string) => api.call<TaskBody>('POST', `/tasks/${taskId}/execute`, user, {});

  it('When a task without an agent is executed, Then the default model answers it and the task is completed with the answer', async () => {
    const task = await api.createTask(ada, { title: 'Summarise the launch plan' });
    const res = await execute(ada, task.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: task.id, status: 'completed', claimed_by: ada.id, lease_expires_at: null, failure_reason: null });
    const result = res.body.result as RunResult;
    expect(result).toEqual({
      output: expect.stringContaining('[offline model]'),
      agent_id: null,
      token_usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
    expect(result.output).toContain('Summarise the launch plan');
    expect(result.token_usage.total_tokens).toBeGreaterThan(0);
    expect((await api.call('GET', `/tasks/${task.id}`, ada)).body).toEqual(res.body);
  });

  it("When the task names an agent, Then that agent runs it; a dependency's result is part of what it is asked", async () => {
    const agent = await agents.create(ada, { system_prompt: 'You write release notes.' });
    const goal = await api.createGoal(ada);
    const first = await api.createTask(ada, { goal_id: goal.id, title: 'Collect changes' });
    const done = await execute(ada, first.id);
    const second = await api.createTask(ada, { goal_id: goal.id, title: 'Write notes', agent_id: agent.id, depends_on: [first.id] });
    const res = await execute(ada, second.id);
    expect(res.status).toBe(200);
    const result = res.body.result as RunResult;
    expect(result.agent_id).toBe(agent.id);
    expect(res.body.status).toBe('completed');
    expect(result.output).toContain('Results of the tasks this one depends on');
    expect(result.output).toContain((done.body.result as RunResult).output.slice(0, 40));
  });

  it('When the task requires approval, Then the run parks it awaiting approval and its owner is notified', async () => {
    const user = await signUp(app.platformUrl);
    const task = await api.createTask(user, { title: 'Draft the post', requires_approval: true });
    const res = await execute(user, task.id);
    expect(res.body).toMatchObject({ status: 'awaiting_approval', completed_at: null });
    expect((await api.call('GET', '/notifications/unread-count', user)).body).toEqual({ count: 1 });
    expect(await api.act(user, task.id, 'approve')).toMatchObject({ status: 'completed' });
  });

  it("When an agent's result is rejected, Then the task stays claimed for the agent and executing it runs the agent anew", async () => {
    const user = await signUp(app.platformUrl);
    const task = await api.createTask(user, { title: 'Draft the toast', requires_approval: true });
    expect((await execute(user, task.id)).body).toMatchObject({ status: 'awaiting_approval', claimed_by_agent: true });
    expect(await api.act(user, task.id, 'reject')).toMatchObject({ status: 'claimed', claimed_by: user.id, claimed_by_agent: true, lease_expires_at: null });
    const again = await execute(user, task.id);
    expect(again.body).toMatchObject({ status: 'awaiting_approval', result: { output: expect.stringContaining('Draft the toast') } });
  });

  it('When the task is finished or blocked by a dependency, Then it is 409 and the task is unchanged', async () => {
    const finished = await api.createTask(ada);
    await execute(ada, finished.id);
    const blocked = await api.createTask(ada, { depends_on: [(await api.createTask(ada)).id] });
    for (const task of [(await api.call<TaskBody>('GET', `/tasks/${finished.id}`, ada)).body, blocked]) {
      const res = await execute(ada, task.id);
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: 'conflict', message: expect.stringMatching(/^Cannot claim a task/) });
      expect((await api.call('GET', `/tasks/${task.id}`, ada)).body).toEqual(task);
    }
  });

  it("When another user executes a task, or the task's agent is unknown, Then it is 404 and the task stays pending", async () => {
    const task = await api.createTask(ada);
    const res = await execute(bob, task.id);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'not_found', message: `Task "${task.id}" not found` });
    const orphan = await api.createTask(ada, { agent_id: UNKNOWN_ID });
    const gone = await execute(ada, orphan.id);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'not_found', message: `Agent "${UNKNOWN_ID}" not found` });
    expect((await api.call<TaskBody>('GET', `/tasks/${orphan.id}`, ada)).body.status).toBe('pending');
  });

  it("When the agent is another user's and not deployed, Then it is 404", async () => {
    const bobsAgent = await agents.create(bob);
    const task = await api.createTask(ada, { agent_id: bobsAgent.id });
    expect((await execute(ada, task.id)).status).toBe(404);
  });

  it('When called without a token, Then it is 401', async () => {
    expect((await api.call('POST', `/tasks/${UNKNOWN_ID}/execute`, undefined, {})).status).toBe(401);
  });
});
