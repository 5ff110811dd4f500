import { randomUUID } from 'node:crypto';
import { StorageKind } from '../../../adapters/config/app-config';
import { Actor } from '../../../core/domain/auth/actor';
import { Goal } from '../../../core/domain/goal/goal.entity';
import { Task } from '../../../core/domain/task/task.entity';
import { NewTaskInput, TaskManager } from '../../../core/services/tasks/task-manager.service';
import { OwnerNotices } from '../../../core/services/notifications/owner-notices.service';
import { GOAL_REPOSITORY } from '../../../core/ports/goal-repository.port';
import { ID_GENERATOR } from '../../../core/ports/id-generator.port';
import { UNIT_OF_WORK } from '../../../core/ports/unit-of-work.port';
import { TASK_REPOSITORY, TaskRepository } from '../../../core/ports/task-repository.port';
import { createTaskServices, TaskServices } from '../../support/task-services';
import { createTestStorage, TestStorage } from '../../support/test-database';

const admin: Actor = { userId: randomUUID(), role: 'admin' };

/**
 * A TaskManager over the same storage whose every read of tasks by id waits a while first, so two
 * updates started together both read the dependency graph before either writes.
 */
function slowReadingTaskManager(services: TaskServices): TaskManager {
  const { container } = services;
  const stored = container.get<TaskRepository>(TASK_REPOSITORY);
  const slow = new Proxy(stored, {
    get: (target, property, receiver) =>
      property === 'findByIds'
        ? async (ids: ReadonlyArray<string>) => {
            await new Promise((resolve) => setTimeout(resolve, 100));
            return target.findByIds(ids);
          }
        : Reflect.get(target, property, receiver),
  });
  return new TaskManager(
    slow,
    container.get(GOAL_REPOSITORY),
    container.get(UNIT_OF_WORK),
    container.get(ID_GENERATOR),
    services.clock,
    container.get(OwnerNotices),
  );
}

/** TaskManager and GoalManager over a real storage of `kind`: each test makes its own users and records. */
export function describeTaskManager(name: string, kind: StorageKind): void {
  describe(name, () => {
    let storage: TestStorage;
    let services: TaskServices;
    let alice: Actor;
    let bob: Actor;

    beforeAll(async () => {
      storage = await createTestStorage(kind);
      services = createTaskServices(storage);
    });
    afterAll(async () => {
      await storage?.destroy();
    });
    beforeEach(() => {
      alice = { userId: randomUUID(), role: 'user' };
      bob = { userId: randomUUID(), role: 'user' };
    });

    const newGoal = (actor: Actor, title = 'Ship v2'): Promise<Goal> => services.goals.create(actor, { title });
    const newTask = (actor: Actor, input: Partial<NewTaskInput> = {}): Promise<Task> => services.tasks.create(actor, { title: 'Do a thing', ...input });
    const ids = (tasks: Task[]): string[] => tasks.map((task) => task.id);

    describe('creation', () => {
      it('When a task is created in a goal with dependencies, Then it is pending, owned by the actor, defaulted and stored', async () => {
        const goal = await newGoal(alice);
        const first = await newTask(alice, { goalId: goal.id });
        const second = await newTask(alice, { goalId: goal.id });
        const dueAt = new Date('2024-04-01T10:00:00.250Z');
        const task = await newTask(alice, {
          title: '  Publish the post ',
          description: 'On the blog',
          goalId: goal.id,
          dependsOn: [second.id, first.id, second.id],
          requiresApproval: true,
          dueAt,
        });
        expect(task).toEqual({
          id: expect.stringMatching(/^[0-9a-f-]{36}$/),
          ownerId: alice.userId,
          goalId: goal.id,
          title: 'Publish the post',
          description: 'On the blog',
          status: 'pending',
          priority: 'normal',
          requiresApproval: true,
          assigneeAgentId: null,
          claimedBy: null,
          claimedByAgent: false,
          leaseExpiresAt: null,
          dependsOn: [second.id, first.id],
          result: null,
          failureReason: null,
          dueAt,
          createdAt: expect.any(Date),
          updatedAt: task.createdAt,
          completedAt: null,
        });
        expect(await services.tasks.get(alice, task.id)).toEqual(task);
        expect(ids(await services.tasks.listForGoal(alice, goal.id))).toEqual([first.id, second.id, task.id]);
      });

      it('When the input breaks the rules, Then task.validation names every field and nothing is stored', async () => {
        await expect(services.tasks.create(alice, { title: ' ', priority: 'soon' as never, dependsOn: ['x'.repeat(40)] })).rejects.toMatchObject({
          code: 'task.validation',
          details: [
            { field: 'title', message: 'must be 1 to 200 characters' },
            { field: 'priority', message: 'must be one of low, normal, high, urgent' },
            { field: 'depends_on', message: 'must be a list of ids of 1 to 36 characters' },
          ],
        });
        expect((await services.tasks.list(alice, { page: 1, pageSize: 10 })).total).toBe(0);
      });

      it("When the goal is missing or another user's, Then the goal is reported as not existing", async () => {
        const bobsGoal = await newGoal(bob);
        for (const goalId of [randomUUID(), bobsGoal.id]) {
          await expect(newTask(alice, { goalId })).rejects.toMatchObject({
            code: 'task.validation',
            details: [{ field: 'goal_id', message: `goal "${goalId}" does not exist` }],
          });
        }
      });

      it('When a dependency is missing, hidden, or in another goal, Then each is named and nothing is stored', async () => {
        const goal = await newGoal(alice);
        const otherGoal = await newGoal(alice);
        const elsewhere = await newTask(alice, { goalId: otherGoal.id });
        const loose = await newTask(alice);
        const bobs = await newTask(bob, { goalId: undefined });
        const missing = randomUUID();
        await expect(newTask(alice, { goalId: goal.id, dependsOn: [missing, bobs.id, elsewhere.id, loose.id] })).rejects.toMatchObject({
          code: 'task.validation',
          details: [
            { field: 'depends_on', message: `task "${missing}" does not exist` },
            { field: 'depends_on', message: `task "${bobs.id}" does not exist` },
            { field: 'depends_on', message: `task "${elsewhere.id}" is not in the same goal` },
            { field: 'depends_on', message: `task "${loose.id}" is not in the same goal` },
          ],
        });
        expect(await services.tasks.listForGoal(alice, goal.id)).toEqual([]);
        // Outside any goal, a loose task may depend on another loose task of the same owner.
        expect((await newTask(alice, { dependsOn: [loose.id] })).dependsOn).toEqual([loose.id]);
      });

      it("When an admin adds a task to a user's goal, Then the task belongs to the goal's owner, who sees it", async () => {
        const goal = await newGoal(alice);
        const task = await newTask(admin, { goalId: goal.id });
        expect(task.ownerId).toBe(alice.userId);
        expect(await services.tasks.get(alice, task.id)).toEqual(task);
        const bobsTask = await newTask(bob);
        await expect(newTask(admin, { goalId: goal.id, dependsOn: [bobsTask.id] })).rejects.toMatchObject({
          details: [{ field: 'depends_on', message: `task "${bobsTask.id}" belongs to another user` }],
        });
      });

      it('When the goal is cancelled, Then no task can be added to it', async () => {
        const goal = await newGoal(alice);
        await services.goals.transition(alice, goal.id, 'cancel');
        await expect(newTask(alice, { goalId: goal.id })).rejects.toMatchObject({
          code: 'task.conflict',
          message: 'Cannot add a task to a goal that is cancelled',
        });
      });
    });

    describe('dependencies', () => {
      it('When dependencies are unfinished, Then they are the blockers, the task is not available, and claim is a conflict saying so', async () => {
        const goal = await newGoal(alice);
        const design = await newTask(alice, { goalId: goal.id, title: 'Design' });
        const build = await newTask(alice, { goalId: goal.id, title: 'Build', dependsOn: [design.id] });
        const ship = await newTask(alice, { goalId: goal.id, title: 'Ship', dependsOn: [design.id, build.id] });

        expect(ids(await services.tasks.available(alice, goal.id))).toEqual([design.id]);
        expect(ids(await services.tasks.blockers(alice, ship.id))).toEqual([design.id, build.id]);
        await expect(services.tasks.transition(alice, build.id, 'claim')).rejects.toMatchObject({
          code: 'task.conflict',
          message: `Cannot claim a task while a task it depends on is unfinished: "Design" (${design.id}, pending)`,
        });
        expect((await services.tasks.get(alice, build.id)).status).toBe('pending');

        await services.tasks.transition(alice, design.id, 'claim');
        expect(await services.tasks.available(alice, goal.id)).toEqual([]);
        await services.tasks.transition(alice, design.id, 'complete', { result: 'mockups' });

        expect(ids(await services.tasks.available(alice, goal.id))).toEqual([build.id]);
        expect(ids(await services.tasks.blockers(alice, ship.id))).toEqual([build.id]);
        expect(await services.tasks.blockers(alice, build.id)).toEqual([]);
        expect((await services.tasks.transition(alice, build.id, 'claim')).status).toBe('claimed');
      });

      it("When another user's goal is asked for its available tasks, Then it is goal.not_found; an admin sees them", async () => {
        const goal = await newGoal(alice);
        const task = await newTask(alice, { goalId: goal.id });
        await expect(services.tasks.available(bob, goal.id)).rejects.toMatchObject({ code: 'goal.not_found' });
        await expect(services.tasks.available(bob, randomUUID())).rejects.toMatchObject({ code: 'goal.not_found' });
        expect(await services.tasks.available(admin, goal.id)).toEqual([task]);
      });
    });

    describe('leases', () => {
      it('When a lease runs out, Then the task is pending again in storage, for every reader, with no claimer', async () => {
        const task = await newTask(alice);
        const claimed = await services.tasks.transition(alice, task.id, 'claim', { leaseSeconds: 30 });
        expect(claimed.leaseExpiresAt!.getTime() - claimed.updatedAt.getTime()).toBe(30_000);
        services.clock.advance(29_000);
        expect((await services.tasks.get(alice, task.id)).status).toBe('claimed');
        services.clock.advance(2_000);
        // A second container over the same storage stands for another process.
        const other = createTaskServices(storage);
        other.clock.advance(services.clock.now().getTime() - other.clock.now().getTime());
        expect(await other.tasks.get(admin, task.id)).toMatchObject({ status: 'pending', claimedBy: null, leaseExpiresAt: null, result: null });
        expect((await services.tasks.transition(admin, task.id, 'claim')).claimedBy).toBe(admin.userId);
      });

      it('When the holder claims again before the end, Then the lease is renewed and outlives the first one', async () => {
        const task = await newTask(alice);
        await services.tasks.transition(alice, task.id, 'claim', { leaseSeconds: 10 });
        services.clock.advance(8_000);
        const renewed = await services.tasks.transition(alice, task.id, 'claim', { leaseSeconds: 10 });
        services.clock.advance(8_000);
        expect(await services.tasks.get(alice, task.id)).toEqual(renewed);
        await expect(services.tasks.transition(admin, task.id, 'claim')).rejects.toMatchObject({ code: 'task.conflict' });
      });

      it('When the holder claims again with renew off, Then it is task.conflict and the claim is unchanged', async () => {
        const task = await newTask(alice);
        const claimed = await services.tasks.transition(alice, task.id, 'claim', { leaseSeconds: 60 });
        await expect(services.tasks.transition(alice, task.id, 'claim', { leaseSeconds: 60, renew: false })).rejects.toMatchObject({
          code: 'task.conflict',
          message: 'Cannot claim a task that is claimed',
        });
        expect(await services.tasks.get(alice, task.id)).toEqual(claimed);
      });

      it('When the expiry sweep runs, Then lapsed claims return to pending without anyone reading them', async () => {
        const task = await newTask(alice);
        await services.tasks.transition(alice, task.id, 'claim', { leaseSeconds: 1, byAgent: true });
        const repository = services.container.get<TaskRepository>(TASK_REPOSITORY);
        services.clock.advance(5_000);
        expect(await repository.returnExpiredLeases(services.clock.now())).toBeGreaterThanOrEqual(1);
        expect(await repository.findById(task.id)).toMatchObject({ status: 'pending', claimedBy: null, claimedByAgent: false, leaseExpiresAt: null });
      });

      it('When a result is rejected, Then the claimer keeps the task with its result, and whether an agent claimed it stays', async () => {
        const byAgent = await newTask(alice, { requiresApproval: true });
        expect(await services.tasks.transition(alice, byAgent.id, 'claim', { leaseSeconds: 60, byAgent: true })).toMatchObject({ claimedByAgent: true });
        await services.tasks.transition(alice, byAgent.id, 'complete', { result: { output: 'draft' } });
        const redo = await services.tasks.transition(alice, byAgent.id, 'reject');
        expect(redo).toMatchObject({ status: 'claimed', claimedBy: alice.userId, claimedByAgent: true, leaseExpiresAt: null, result: { output: 'draft' } });
        expect(await services.tasks.get(alice, byAgent.id)).toEqual(redo);
        expect(await services.tasks.transition(alice, byAgent.id, 'release')).toMatchObject({
          status: 'pending',
          claimedBy: null,
          claimedByAgent: false,
          result: null,
        });

        const byHand = await newTask(alice, { requiresApproval: true });
        await services.tasks.transition(alice, byHand.id, 'claim');
        expect(await services.tasks.transition(alice, byHand.id, 'claim', { leaseSeconds: 60 })).toMatchObject({ claimedByAgent: false });
        // Without a lease no claim is an agent's: that is how an agent's rejected work reads.
        expect(await services.tasks.transition(alice, byHand.id, 'claim', { byAgent: true })).toMatchObject({ claimedByAgent: false });
        await services.tasks.transition(alice, byHand.id, 'complete', { result: 'done by hand' });
        expect(await services.tasks.transition(alice, byHand.id, 'reject')).toMatchObject({
          status: 'claimed',
          claimedBy: alice.userId,
          claimedByAgent: false,
          result: 'done by hand',
        });
        // An agent's run taking over a claim its user holds makes the claim an agent's.
        expect(await services.tasks.transition(alice, byHand.id, 'claim', { leaseSeconds: 60, byAgent: true })).toMatchObject({ claimedByAgent: true });
      });
    });

    describe('update and delete', () => {
      it('When dependencies would close a cycle, Then task.validation, and nothing changes', async () => {
        const goal = await newGoal(alice);
        const a = await newTask(alice, { goalId: goal.id });
        const b = await newTask(alice, { goalId: goal.id, dependsOn: [a.id] });
        const c = await newTask(alice, { goalId: goal.id, dependsOn: [b.id] });
        await expect(services.tasks.update(alice, a.id, { dependsOn: [c.id] })).rejects.toMatchObject({
          code: 'task.validation',
          details: [{ field: 'depends_on', message: `task "${c.id}" already depends on this task: the dependencies would form a cycle` }],
        });
        expect((await services.tasks.get(alice, a.id)).dependsOn).toEqual([]);
        const moved = await services.tasks.update(alice, c.id, { dependsOn: [a.id], title: 'Renamed' });
        expect(await services.tasks.get(alice, c.id)).toEqual(moved);
        expect(moved).toMatchObject({ dependsOn: [a.id], title: 'Renamed', status: 'pending' });
      });

      it('When two changes at once would each close half of a cycle, Then one is refused and no cycle is stored', async () => {
        const goal = await newGoal(alice);
        const a = await newTask(alice, { goalId: goal.id });
        const b = await newTask(alice, { goalId: goal.id });
        const tasks = slowReadingTaskManager(services);
        const outcomes = await Promise.allSettled([tasks.update(alice, a.id, { dependsOn: [b.id] }), tasks.update(alice, b.id, { dependsOn: [a.id] })]);
        expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
        expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: { code: 'task.validation' } });
        const stored = [await services.tasks.get(alice, a.id), await services.tasks.get(alice, b.id)];
        expect(stored.flatMap((task) => task.dependsOn)).toHaveLength(1);
      });

      it('When a task others depend on is deleted, Then task.conflict; alone, it goes', async () => {
        const a = await newTask(alice);
        const b = await newTask(alice, { dependsOn: [a.id] });
        await expect(services.tasks.delete(alice, a.id)).rejects.toMatchObject({ code: 'task.conflict' });
        await services.tasks.delete(alice, b.id);
        await services.tasks.delete(alice, a.id);
        await expect(services.tasks.get(alice, a.id)).rejects.toMatchObject({ code: 'task.not_found' });
      });
    });

    describe('transitions', () => {
      it('When a task that requires approval goes through the flow, Then each step sets the documented fields', async () => {
        const task = await newTask(alice, { requiresApproval: true });
        const claimed = await services.tasks.transition(alice, task.id, 'claim');
        expect(claimed).toMatchObject({ status: 'claimed', claimedBy: alice.userId, completedAt: null });
        expect(claimed.updatedAt.getTime()).toBeGreaterThan(task.updatedAt.getTime());

        const submitted = await services.tasks.transition(alice, task.id, 'complete', { result: { draft: 'v1' } });
        expect(submitted).toMatchObject({ status: 'awaiting_approval', result: { draft: 'v1' }, completedAt: null });

        expect(await services.tasks.transition(alice, task.id, 'reject')).toMatchObject({ status: 'claimed', claimedBy: alice.userId });
        await services.tasks.transition(alice, task.id, 'complete', { result: { draft: 'v2' } });
        const approved = await services.tasks.transition(admin, task.id, 'approve');
        expect(approved).toMatchObject({ status: 'completed', result: { draft: 'v2' }, completedAt: approved.updatedAt });
        expect(await services.tasks.get(alice, task.id)).toEqual(approved);
      });

      it('When a task without approval is completed, Then it is completed at once with its result', async () => {
        const task = await newTask(alice);
        await services.tasks.transition(alice, task.id, 'claim');
        const done = await services.tasks.transition(alice, task.id, 'complete', { result: [1, 2, 3] });
        expect(done).toMatchObject({ status: 'completed', result: [1, 2, 3], completedAt: done.updatedAt });
      });

      it('When a task fails and is retried, Then the reason is kept, then cleared with the claim', async () => {
        const task = await newTask(alice);
        await services.tasks.transition(alice, task.id, 'claim');
        expect(await services.tasks.transition(alice, task.id, 'fail', { reason: 'Upstream API down' })).toMatchObject({
          status: 'failed',
          failureReason: 'Upstream API down',
          claimedBy: alice.userId,
        });
        const retried = await services.tasks.transition(alice, task.id, 'retry');
        expect(retried).toMatchObject({ status: 'pending', failureReason: null, claimedBy: null, result: null });
        expect(await services.tasks.get(alice, task.id)).toEqual(retried);
      });

      it('When a claimed task is released, Then it is pending and unclaimed again', async () => {
        const task = await newTask(alice);
        await services.tasks.transition(admin, task.id, 'claim');
        expect((await services.tasks.get(alice, task.id)).claimedBy).toBe(admin.userId);
        expect(await services.tasks.transition(alice, task.id, 'release')).toMatchObject({ status: 'pending', claimedBy: null });
      });

      it('When an action does not apply to the status, Then it is a task.conflict (409) and nothing changes', async () => {
        const task = await newTask(alice);
        await expect(services.tasks.transition(alice, task.id, 'approve')).rejects.toMatchObject({
          code: 'task.conflict',
          reason: 'conflict',
          message: 'Cannot approve a task that is pending',
        });
        await expect(services.tasks.transition(alice, task.id, 'complete')).rejects.toMatchObject({ code: 'task.conflict' });
        expect(await services.tasks.get(alice, task.id)).toEqual(task);
      });

      it('When the details are too large, Then the transition is task.validation and nothing changes', async () => {
        const task = await newTask(alice);
        await services.tasks.transition(alice, task.id, 'claim');
        await expect(services.tasks.transition(alice, task.id, 'fail', { reason: 'r'.repeat(2001) })).rejects.toMatchObject({
          code: 'task.validation',
          details: [{ field: 'reason', message: 'must be a string of at most 2000 characters' }],
        });
        expect((await services.tasks.get(alice, task.id)).status).toBe('claimed');
      });

      it("When another user's task is read or changed, Then it is task.not_found, as a missing one is", async () => {
        const task = await newTask(alice);
        const attempts = [
          () => services.tasks.get(bob, task.id),
          () => services.tasks.transition(bob, task.id, 'claim'),
          () => services.tasks.moveTo(bob, task.id, 'claimed'),
          () => services.tasks.blockers(bob, task.id),
          () => services.tasks.get(alice, randomUUID()),
        ];
        for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: 'task.not_found' });
        expect(await services.tasks.get(alice, task.id)).toEqual(task);
        expect((await services.tasks.list(bob, { page: 1, pageSize: 10 })).items).toEqual([]);
      });

      it('When two claims arrive at once, Then exactly one succeeds and the other is a task.conflict', async () => {
        const task = await newTask(alice);
        const outcomes = await Promise.allSettled([services.tasks.transition(alice, task.id, 'claim'), services.tasks.transition(admin, task.id, 'claim')]);
        const won = outcomes.filter((outcome): outcome is PromiseFulfilledResult<Task> => outcome.status === 'fulfilled');
        const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        expect([won.length, lost.length]).toEqual([1, 1]);
        expect(lost[0].reason).toMatchObject({ code: 'task.conflict' });
        expect(await services.tasks.get(alice, task.id)).toEqual(won[0].value);
      });
    });

    describe('moveTo', () => {
      it('When a task is moved to a status, Then the one action that leads there is applied', async () => {
        const task = await newTask(alice, { requiresApproval: true });
        expect(await services.tasks.moveTo(alice, task.id, 'claimed')).toMatchObject({ status: 'claimed', claimedBy: alice.userId });
        // `completed` from `claimed` is `complete`, which waits for approval here.
        expect(await services.tasks.moveTo(alice, task.id, 'completed', { result: 'ok' })).toMatchObject({ status: 'awaiting_approval', result: 'ok' });
        expect(await services.tasks.moveTo(alice, task.id, 'completed')).toMatchObject({ status: 'completed' });
      });

      it('When no action leads to the status, Then it is a task.conflict listing where the task can go', async () => {
        const task = await newTask(alice);
        await expect(services.tasks.moveTo(alice, task.id, 'completed')).rejects.toMatchObject({
          code: 'task.conflict',
          message: 'Cannot move a task that is pending to completed: it can move to claimed',
        });
        await services.tasks.moveTo(alice, task.id, 'claimed');
        await expect(services.tasks.moveTo(alice, task.id, 'awaiting_approval')).rejects.toMatchObject({
          message: 'Cannot move a task that is claimed to awaiting_approval: it can move to pending, completed, failed',
        });
        await services.tasks.moveTo(alice, task.id, 'completed');
        await expect(services.tasks.moveTo(alice, task.id, 'pending')).rejects.toMatchObject({
          message: 'Cannot move a task that is completed to pending: completed is final',
        });
        await expect(services.tasks.moveTo(alice, task.id, 'done' as never)).rejects.toMatchObject({ code: 'task.validation' });
      });
    });

    describe('goals', () => {
      it('When a goal is created and moved through its states, Then each transition is checked and stored', async () => {
        const agentId = randomUUID();
        const goal = await services.goals.create(alice, { title: ' Grow signups ', description: 'Q3', agentId });
        expect(goal).toMatchObject({ ownerId: alice.userId, title: 'Grow signups', description: 'Q3', status: 'draft', agentId });
        expect((await services.goals.transition(alice, goal.id, 'start')).status).toBe('active');
        await expect(services.goals.transition(alice, goal.id, 'resume')).rejects.toMatchObject({
          code: 'goal.conflict',
          message: 'Cannot resume a goal that is active',
        });
        expect((await services.goals.transition(alice, goal.id, 'pause')).status).toBe('paused');
        expect((await services.goals.transition(admin, goal.id, 'resume')).status).toBe('active');
        const completed = await services.goals.transition(alice, goal.id, 'complete');
        expect(await services.goals.get(alice, goal.id)).toEqual(completed);
        await expect(services.goals.transition(alice, goal.id, 'cancel')).rejects.toMatchObject({ code: 'goal.conflict' });
      });

      it('When a goal completes or fails, Then its owner gets a notice (an admin acting does not), and a refused move writes none', async () => {
        const completing = await newGoal(alice, 'Launch');
        await services.goals.transition(alice, completing.id, 'start');
        await services.goals.transition(admin, completing.id, 'complete');
        const failing = await newGoal(alice, 'Expand');
        await services.goals.transition(alice, failing.id, 'start');
        await services.goals.transition(alice, failing.id, 'fail');
        await expect(services.goals.transition(alice, failing.id, 'complete')).rejects.toMatchObject({ code: 'goal.conflict' });
        const notices = (await services.inbox.list(alice, { page: 1, pageSize: 10 })).items;
        expect(notices.map(({ title, message, data }) => ({ title, message, data }))).toEqual([
          { title: 'Goal failed', message: '"Expand" failed.', data: { kind: 'goal.failed', goal_id: failing.id } },
          { title: 'Goal completed', message: '"Launch" completed.', data: { kind: 'goal.completed', goal_id: completing.id } },
        ]);
        expect(await services.inbox.unreadCount(admin)).toBe(0);
      });

      it('When a goal is updated, Then only the fields given change, never the status', async () => {
        const goal = await newGoal(alice, 'Old');
        await services.goals.transition(alice, goal.id, 'start');
        const changed = await services.goals.update(alice, goal.id, { description: 'Why', agentId: null });
        expect(changed).toMatchObject({ title: 'Old', description: 'Why', status: 'active', agentId: null });
        expect(await services.goals.get(alice, goal.id)).toEqual(changed);
        await expect(services.goals.update(bob, goal.id, { title: 'Mine' })).rejects.toMatchObject({ code: 'goal.not_found' });
      });

      it("When another user's goal is read or changed, Then it is goal.not_found; bad input is goal.validation", async () => {
        const goal = await newGoal(alice);
        await expect(services.goals.get(bob, goal.id)).rejects.toMatchObject({ code: 'goal.not_found' });
        await expect(services.goals.transition(bob, goal.id, 'start')).rejects.toMatchObject({ code: 'goal.not_found' });
        await expect(services.goals.create(alice, { title: '', agentId: '' })).rejects.toMatchObject({
          code: 'goal.validation',
          details: [
            { field: 'title', message: 'must be 1 to 200 characters' },
            { field: 'agent_id', message: 'must be an id of 1 to 36 characters' },
          ],
        });
        expect((await services.goals.list(alice, { page: 1, pageSize: 10 })).items).toEqual([goal]);
      });
    });
  });
}
