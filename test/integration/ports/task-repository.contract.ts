import { randomUUID } from 'node:crypto';
import { Task } from '../../../core/domain/task/task.entity';
import { aTask } from '../../fixtures/tasks/task.mother';
import { TaskRepository } from '../../../core/ports/task-repository.port';

export interface TaskRepositoryHarness {
  tasks: TaskRepository;
  destroy(): Promise<void>;
}

export function describeTaskRepositoryContract(name: string, makeHarness: () => Promise<TaskRepositoryHarness>): void {
  describe(name, () => {
    let harness: TaskRepositoryHarness;
    const repository = (): TaskRepository => harness.tasks;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    /** Creates tasks in order and returns them. */
    async function stored(...tasks: Task[]): Promise<Task[]> {
      for (const task of tasks) await repository().create(task);
      return tasks;
    }

    it('When tasks are created, Then each reads back with every field unchanged, absent values as null', async () => {
      const ownerId = randomUUID();
      const goalId = randomUUID();
      const [a, b] = await stored(aTask({ ownerId, goalId }), aTask({ ownerId, goalId }));
      const full = aTask({
        ownerId,
        goalId,
        title: 'Ünïcödé 🚀 task',
        status: 'completed',
        priority: 'urgent',
        requiresApproval: true,
        assigneeAgentId: randomUUID(),
        claimedBy: randomUUID(),
        dependsOn: [b.id, a.id],
        result: { summary: 'done', items: [1, 2.5, true, null, 'x'] },
        failureReason: 'Timed out once',
        dueAt: new Date('2024-06-01T12:00:00.500Z'),
        completedAt: new Date('2024-05-07T08:09:10.011Z'),
      });
      await stored(full);
      expect(await repository().findById(full.id)).toEqual(full);
      expect(await repository().findById(a.id)).toEqual(a);
      expect(await repository().findById(randomUUID())).toBeUndefined();
    });

    it('When a dependency does not exist, Then creation fails and leaves no task behind', async () => {
      const task = aTask({ dependsOn: [randomUUID()] });
      await expect(repository().create(task)).rejects.toThrow();
      expect(await repository().findById(task.id)).toBeUndefined();
    });

    it('When tasks are read by ids, Then those that exist come back in the order asked, once each', async () => {
      const [a, b, c] = await stored(aTask(), aTask({ dependsOn: [] }), aTask());
      await stored(aTask({ dependsOn: [a.id, c.id] }));
      expect(await repository().findByIds([c.id, randomUUID(), a.id, c.id, b.id])).toEqual([c, a, b]);
      expect(await repository().findByIds([])).toEqual([]);
    });

    it('When a task is updated on the status it was read in, Then its state fields change and its identity does not', async () => {
      const [dependency] = await stored(aTask());
      const [task] = await stored(aTask({ goalId: randomUUID(), dependsOn: [dependency.id] }));
      const claimed: Task = {
        ...task,
        status: 'claimed',
        claimedBy: randomUUID(),
        claimedByAgent: true,
        title: 'Renamed',
        updatedAt: new Date('2024-05-07T00:00:00.001Z'),
      };
      const tampered = { ...claimed, ownerId: randomUUID(), goalId: randomUUID(), dependsOn: [], createdAt: new Date(0) };
      expect(await repository().updateIfStatus(tampered, 'pending')).toBe(true);
      expect(await repository().findById(task.id)).toEqual(claimed);

      expect(await repository().updateIfStatus({ ...claimed, status: 'failed' }, 'pending')).toBe(false);
      expect(await repository().findById(task.id)).toEqual(claimed);
      expect(await repository().updateIfStatus(aTask(), 'pending')).toBe(false);

      const completed: Task = { ...claimed, status: 'completed', result: ['a', { b: 1 }], completedAt: new Date('2024-05-08T00:00:00.002Z') };
      expect(await repository().updateIfStatus(completed, 'claimed')).toBe(true);
      expect(await repository().findById(task.id)).toEqual(completed);
    });

    it('When two updates expect the same status at once, Then exactly one of them applies', async () => {
      const [task] = await stored(aTask());
      const claims = [randomUUID(), randomUUID(), randomUUID()].map((claimedBy) =>
        repository().updateIfStatus({ ...task, status: 'claimed', claimedBy }, 'pending'),
      );
      const outcomes = await Promise.all(claims);
      expect(outcomes.filter(Boolean)).toHaveLength(1);
      expect((await repository().findById(task.id))?.status).toBe('claimed');
    });

    it("When a goal's tasks are listed, Then all of them come oldest first with their dependencies", async () => {
      const goalId = randomUUID();
      const first = aTask({ goalId, createdAt: new Date('2024-01-01T00:00:00.001Z') });
      const second = aTask({ goalId, createdAt: new Date('2024-01-01T00:00:00.002Z'), dependsOn: [first.id] });
      await stored(first, second, aTask({ goalId: randomUUID() }), aTask());
      expect(await repository().listByGoal(goalId)).toEqual([first, second]);
      expect(await repository().listByGoal(randomUUID())).toEqual([]);
    });

    it('When blockers are asked for, Then the unfinished dependencies come back in dependsOn order', async () => {
      const [done, running, waiting] = await stored(aTask({ status: 'completed' }), aTask({ status: 'claimed' }), aTask());
      const [task] = await stored(aTask({ dependsOn: [waiting.id, done.id, running.id] }));
      expect(await repository().blockers(task)).toEqual([waiting, running]);
      expect(await repository().blockers(done)).toEqual([]);
    });

    it('When tasks are listed, Then they come newest first, filtered by owner, goal and status, one page at a time', async () => {
      const ownerId = randomUUID();
      const goalId = randomUUID();
      const older = aTask({ ownerId, goalId, createdAt: new Date('2024-01-01T00:00:00.001Z') });
      const newer = aTask({ ownerId, status: 'failed', createdAt: new Date('2024-01-02T00:00:00.001Z'), dependsOn: [older.id] });
      await stored(older, newer, aTask({ goalId }));
      expect(await repository().list({ ownerId }, 0, 10)).toEqual({ items: [newer, older], total: 2 });
      expect(await repository().list({ ownerId }, 1, 1)).toEqual({ items: [older], total: 2 });
      expect(await repository().list({ ownerId, status: 'failed' }, 0, 10)).toEqual({ items: [newer], total: 1 });
      expect((await repository().list({ ownerId, goalId }, 0, 10)).items).toEqual([older]);
      expect((await repository().list({ goalId }, 0, 10)).total).toBe(2);
    });
  });
}
