import { randomUUID } from 'node:crypto';
import { AgentNotFoundError } from '../../../core/domain/agent/agent.errors';
import { Actor } from '../../../core/domain/auth/actor';
import { Task } from '../../../core/domain/task/task.entity';
import { GoalAdvanceHandler, TASK_RUN_ATTEMPTS } from '../../../core/services/goals/goal-advance.handler';
import { GOAL_ADVANCE_JOB } from '../../../core/services/goals/goal-run-queue.service';
import { TaskExecutor } from '../../../core/services/tasks/task-executor.service';
import { createTaskServices, TaskServices } from '../../support/task-services';
import { createTestStorage, TestStorage } from '../../support/test-database';

const GONE_AGENT = '00000000-0000-4000-8000-00000000dead';

/** GoalAdvanceHandler with a stand-in executor whose runs succeed or fail by task title: the retry policy and how a goal settles. */
describe('GoalAdvanceHandler on SQLite', () => {
  let storage: TestStorage;
  let services: TaskServices;
  let handler: GoalAdvanceHandler;
  const runs: string[] = [];
  const alice: Actor = { userId: randomUUID(), role: 'user' };

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    services = createTaskServices(storage);
    const executor = {
      execute: async (actor: Actor, id: string, options: { exclusive?: boolean } = {}): Promise<Task> => {
        // As TaskExecutor does, the agent is looked up before the task is claimed.
        if ((await services.tasks.get(actor, id)).title.startsWith('Agentless')) throw new AgentNotFoundError(GONE_AGENT);
        const task = await services.tasks.transition(actor, id, 'claim', { renew: !options.exclusive });
        runs.push(task.title);
        // A run takes a while: another worker's look at the goal can fall in between.
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (task.title.startsWith('Flaky') && runs.filter((title) => title === task.title).length === 1) {
          return services.tasks.transition(actor, id, 'fail', { reason: 'first try fails' });
        }
        if (task.title.startsWith('Broken')) return services.tasks.transition(actor, id, 'fail', { reason: 'always fails' });
        return services.tasks.transition(actor, id, 'complete', { result: 'ok' });
      },
    };
    services.container.bind(TaskExecutor).toConstantValue(executor as unknown as TaskExecutor);
    handler = services.container.get(GoalAdvanceHandler);
  });
  afterAll(async () => {
    await storage?.destroy();
  });

  const advance = (goalId: string) => handler.handle({ id: randomUUID(), type: GOAL_ADVANCE_JOB, payload: { goalId }, attempt: 1 });
  async function activeGoal(titles: string[]): Promise<string> {
    const goal = await services.goals.create(alice, { title: 'Run' });
    let previous: string | undefined;
    for (const title of titles) previous = (await services.tasks.create(alice, { title, goalId: goal.id, dependsOn: previous ? [previous] : [] })).id;
    await services.goals.transition(alice, goal.id, 'start');
    return goal.id;
  }

  it('When a run fails once, Then it is retried and the goal completes', async () => {
    const goalId = await activeGoal(['Flaky step', 'Next step']);
    await advance(goalId);
    expect((await services.goals.get(alice, goalId)).status).toBe('completed');
    expect(runs.filter((title) => title === 'Flaky step')).toHaveLength(2);
  });

  it(`When a task fails ${TASK_RUN_ATTEMPTS} times, Then the goal fails, what depends on it never runs, and the owner is told`, async () => {
    const goalId = await activeGoal(['Broken step', 'Never run']);
    await advance(goalId);
    expect((await services.goals.get(alice, goalId)).status).toBe('failed');
    expect(runs.filter((title) => title === 'Broken step')).toHaveLength(TASK_RUN_ATTEMPTS);
    expect(runs).not.toContain('Never run');
    expect((await services.inbox.list(alice, {})).items[0]).toMatchObject({ title: 'Goal failed', data: { goal_id: goalId } });
  });

  it('When a task names an agent its owner cannot use, Then the task fails at once naming it, the goal fails, and the job ends', async () => {
    const goalId = await activeGoal(['Agentless step', 'After it']);
    await expect(advance(goalId)).resolves.toBeUndefined();
    expect((await services.goals.get(alice, goalId)).status).toBe('failed');
    const [agentless, after] = await services.tasks.listForGoal(alice, goalId);
    expect(agentless).toMatchObject({
      status: 'failed',
      failureReason: `Agent "${GONE_AGENT}" not found: assign the task an agent you can use, then retry it`,
    });
    expect(after.status).toBe('pending');
    expect(runs).not.toContain('After it');
  });

  it('When the goal is paused or the job is delivered again after the end, Then nothing runs', async () => {
    const goalId = await activeGoal(['Paused step']);
    await services.goals.transition(alice, goalId, 'pause');
    await advance(goalId);
    expect(runs).not.toContain('Paused step');
    await services.goals.transition(alice, goalId, 'resume');
    await advance(goalId);
    await advance(goalId);
    expect(runs.filter((title) => title === 'Paused step')).toHaveLength(1);
    expect((await services.goals.get(alice, goalId)).status).toBe('completed');
  });

  it('When two workers advance one goal at once, Then every task runs exactly once and the goal completes', async () => {
    const goal = await services.goals.create(alice, { title: 'Parallel' });
    const titles = ['Twin A', 'Twin B', 'Twin C', 'Twin D'];
    for (const title of titles) await services.tasks.create(alice, { title, goalId: goal.id });
    await services.goals.transition(alice, goal.id, 'start');
    await Promise.all([advance(goal.id), advance(goal.id), advance(goal.id)]);
    expect((await services.goals.get(alice, goal.id)).status).toBe('completed');
    for (const title of titles) expect(runs.filter((ran) => ran === title)).toHaveLength(1);
  });

  it("When another worker's task is held under a lease that lapses (its worker died), Then the run waits for the lease and runs the task itself", async () => {
    const goal = await services.goals.create(alice, { title: 'Dead worker' });
    const orphan = await services.tasks.create(alice, { title: 'Orphaned step', goalId: goal.id });
    await services.goals.transition(alice, goal.id, 'start');
    await services.tasks.transition(alice, orphan.id, 'claim', { leaseSeconds: 60 });
    const sleepsBefore = services.timers.sleeps.length;
    await advance(goal.id);
    expect((await services.goals.get(alice, goal.id)).status).toBe('completed');
    expect(runs.filter((ran) => ran === 'Orphaned step')).toHaveLength(1);
    const waited = services.timers.sleeps.slice(sleepsBefore);
    expect(waited).toHaveLength(1);
    expect(waited[0]).toBeGreaterThan(59_000);
    expect(waited[0]).toBeLessThanOrEqual(60_050);
  });

  it("When the owner rejects an agent's result, Then two workers moving the run on give the task back once and it runs once more", async () => {
    const goal = await services.goals.create(alice, { title: 'Review' });
    const review = await services.tasks.create(alice, { title: 'Review step', goalId: goal.id, requiresApproval: true });
    await services.goals.transition(alice, goal.id, 'start');
    // What TaskExecutor leaves behind: an agent's claim under a lease, its result awaiting approval.
    await services.tasks.transition(alice, review.id, 'claim', { leaseSeconds: 60, byAgent: true });
    await services.tasks.transition(alice, review.id, 'complete', { result: 'draft' });
    expect(await services.tasks.transition(alice, review.id, 'reject')).toMatchObject({ status: 'claimed', claimedByAgent: true, leaseExpiresAt: null });
    await Promise.all([advance(goal.id), advance(goal.id)]);
    expect(runs.filter((title) => title === 'Review step')).toHaveLength(1);
    expect(await services.tasks.get(alice, review.id)).toMatchObject({ status: 'awaiting_approval', result: 'ok' });
    expect((await services.goals.get(alice, goal.id)).status).toBe('active');
  });

  it('When a task is claimed without a lease (by hand), Then the run is parked rather than waiting', async () => {
    const goal = await services.goals.create(alice, { title: 'By hand' });
    const manual = await services.tasks.create(alice, { title: 'Manual step', goalId: goal.id });
    await services.goals.transition(alice, goal.id, 'start');
    await services.tasks.transition(alice, manual.id, 'claim');
    const sleepsBefore = services.timers.sleeps.length;
    await advance(goal.id);
    expect(services.timers.sleeps.length).toBe(sleepsBefore);
    expect((await services.goals.get(alice, goal.id)).status).toBe('active');
  });
});
