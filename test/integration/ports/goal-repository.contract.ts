import { randomUUID } from 'node:crypto';
import { GoalRepository } from '../../../core/ports/goal-repository.port';
import { aGoal } from '../../fixtures/goals/goal.mother';

export interface GoalRepositoryHarness {
  goals: GoalRepository;
  destroy(): Promise<void>;
}

export function describeGoalRepositoryContract(name: string, makeHarness: () => Promise<GoalRepositoryHarness>): void {
  describe(name, () => {
    let harness: GoalRepositoryHarness;
    const repository = (): GoalRepository => harness.goals;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When goals are created, Then each reads back with every field unchanged, and an unknown id reads as undefined', async () => {
      const plain = aGoal();
      const bound = aGoal({ agentId: randomUUID(), status: 'active', description: '', title: 'Ünïcödé 🚀 goal' });
      await repository().create(plain);
      await repository().create(bound);
      expect(await repository().findById(plain.id)).toEqual(plain);
      expect(await repository().findById(bound.id)).toEqual(bound);
      expect(await repository().findById(randomUUID())).toBeUndefined();
    });

    it('When a goal is updated on the status it was read in, Then it changes; on another status, Then nothing changes', async () => {
      const goal = aGoal();
      await repository().create(goal);
      const started = { ...goal, status: 'active' as const, agentId: randomUUID(), updatedAt: new Date('2024-05-07T00:00:00.001Z') };
      expect(await repository().updateIfStatus(started, 'draft')).toBe(true);
      expect(await repository().findById(goal.id)).toEqual(started);
      expect(await repository().updateIfStatus({ ...started, status: 'paused' }, 'draft')).toBe(false);
      expect(await repository().findById(goal.id)).toEqual(started);
      expect(await repository().updateIfStatus(aGoal(), 'draft')).toBe(false);
    });

    it('When the owner id or creation time differ in an update, Then they are kept as stored', async () => {
      const goal = aGoal();
      await repository().create(goal);
      const tampered = { ...goal, ownerId: randomUUID(), createdAt: new Date('2020-01-01T00:00:00.000Z'), status: 'active' as const };
      expect(await repository().updateIfStatus(tampered, 'draft')).toBe(true);
      expect(await repository().findById(goal.id)).toEqual({ ...goal, status: 'active' });
    });

    it('When goals are listed, Then they come newest first, filtered by owner and status, one page at a time', async () => {
      const ownerId = randomUUID();
      const older = aGoal({ ownerId, createdAt: new Date('2024-01-01T00:00:00.001Z') });
      const newer = aGoal({ ownerId, status: 'active', createdAt: new Date('2024-01-02T00:00:00.001Z') });
      for (const goal of [older, newer, aGoal()]) await repository().create(goal);
      expect(await repository().list({ ownerId }, 0, 10)).toEqual({ items: [newer, older], total: 2 });
      expect(await repository().list({ ownerId }, 1, 1)).toEqual({ items: [older], total: 2 });
      expect(await repository().list({ ownerId, status: 'active' }, 0, 10)).toEqual({ items: [newer], total: 1 });
      expect((await repository().list({}, 0, 100)).total).toBeGreaterThanOrEqual(3);
    });
  });
}
