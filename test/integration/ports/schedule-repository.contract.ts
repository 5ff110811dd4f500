import { randomUUID } from 'node:crypto';
import { ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { aOneShot, aSchedule } from '../../fixtures/schedules/schedule.mother';

export interface ScheduleRepositoryHarness {
  schedules: ScheduleRepository;
  destroy(): Promise<void>;
}

// `due` sees every row; the tests about it use instants in 2001, before every other test's.
const EARLY = new Date('2001-01-01T00:00:00.000Z');
const early = (ms: number): Date => new Date(EARLY.getTime() + ms);

export function describeScheduleRepositoryContract(name: string, makeHarness: () => Promise<ScheduleRepositoryHarness>): void {
  describe(name, () => {
    let harness: ScheduleRepositoryHarness;
    const repository = (): ScheduleRepository => harness.schedules;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When schedules are created, Then they read back with every field unchanged, nulls included', async () => {
      const recurring = aSchedule({ lastRunAt: new Date('2029-12-31T09:00:00.001Z'), lastExecutionId: randomUUID() });
      const oneShot = aOneShot(new Date('2030-02-03T04:05:06.789Z'), { enabled: false, input: null });
      await repository().create(recurring);
      await repository().create(oneShot);
      expect(await repository().findById(recurring.id)).toEqual(recurring);
      expect(await repository().findById(oneShot.id)).toEqual(oneShot);
      expect(await repository().findById(randomUUID())).toBeUndefined();
    });

    it('When an owner has schedules, Then countByOwner counts only theirs', async () => {
      const ownerId = randomUUID();
      await repository().create(aSchedule({ ownerId }));
      await repository().create(aOneShot(new Date('2030-05-05T00:00:00Z'), { ownerId }));
      await repository().create(aSchedule());
      expect(await repository().countByOwner(ownerId)).toBe(2);
      expect(await repository().countByOwner(randomUUID())).toBe(0);
    });

    it('When asked what is due, Then only enabled schedules at or before now come, the longest overdue first, up to the limit', async () => {
      const third = aSchedule({ nextRunAt: early(3000) });
      const first = aOneShot(early(1000));
      const second = aSchedule({ nextRunAt: early(2000) });
      const atNow = aSchedule({ nextRunAt: early(5000) });
      const disabled = aSchedule({ nextRunAt: early(500), enabled: false });
      const fired = aOneShot(early(100), { nextRunAt: null, enabled: false });
      const later = aSchedule({ nextRunAt: early(5001) });
      for (const schedule of [third, first, second, atNow, disabled, fired, later]) await repository().create(schedule);

      const now = early(5000);
      expect((await repository().due(now, 10)).map((s) => s.id)).toEqual([first.id, second.id, third.id, atNow.id]);
      expect((await repository().due(now, 2)).map((s) => s.id)).toEqual([first.id, second.id]);
      expect(await repository().due(early(999), 10)).toEqual([]);
      expect((await repository().due(now, 10))[1]).toEqual(second);
    });

    it('When a recurring schedule is advanced, Then it moves to the next slot once; a second claim of the same slot fails', async () => {
      const schedule = aSchedule();
      await repository().create(schedule);
      const dueAt = schedule.nextRunAt as Date;
      const next = new Date('2030-01-02T09:00:00.000Z');
      const firedAt = new Date('2030-01-01T09:00:00.250Z');

      expect(await repository().advance(schedule.id, dueAt, next, firedAt)).toBe(true);
      expect(await repository().advance(schedule.id, dueAt, next, firedAt)).toBe(false);
      expect(await repository().findById(schedule.id)).toEqual({ ...schedule, nextRunAt: next, lastRunAt: firedAt });
    });

    it('When a one-shot is advanced to no next run, Then it is disabled and has no next run', async () => {
      const runAt = new Date('2030-03-01T12:00:00.000Z');
      const oneShot = aOneShot(runAt);
      await repository().create(oneShot);
      expect(await repository().advance(oneShot.id, runAt, null, runAt)).toBe(true);
      expect(await repository().findById(oneShot.id)).toEqual({ ...oneShot, enabled: false, nextRunAt: null, lastRunAt: runAt });
    });

    it('When the schedule is disabled, unknown, or due at another time, Then advance claims nothing', async () => {
      const disabled = aSchedule({ enabled: false });
      const other = aSchedule();
      await repository().create(disabled);
      await repository().create(other);
      const next = new Date('2030-01-02T09:00:00.000Z');
      expect(await repository().advance(disabled.id, disabled.nextRunAt as Date, next, next)).toBe(false);
      expect(await repository().advance(randomUUID(), other.nextRunAt as Date, next, next)).toBe(false);
      expect(await repository().advance(other.id, new Date((other.nextRunAt as Date).getTime() + 1), next, next)).toBe(false);
      expect(await repository().findById(other.id)).toEqual(other);
    });

    it('When several processes claim the same due slots at once, Then exactly one claim wins per slot', async () => {
      const schedules = Array.from({ length: 8 }, () => aSchedule());
      for (const schedule of schedules) await repository().create(schedule);
      const next = new Date('2030-01-02T09:00:00.000Z');
      const claims = schedules.flatMap((schedule) =>
        [1, 2, 3].map(async () => ({ id: schedule.id, won: await repository().advance(schedule.id, schedule.nextRunAt as Date, next, next) })),
      );
      const results = await Promise.all(claims);
      for (const schedule of schedules) {
        expect(results.filter((result) => result.id === schedule.id && result.won)).toHaveLength(1);
      }
    });

    it('When an execution is recorded and the schedule disabled, Then both show and nothing else changes', async () => {
      const schedule = aSchedule();
      await repository().create(schedule);
      const executionId = randomUUID();
      await repository().recordExecution(schedule.id, executionId);
      await repository().disable(schedule.id);
      expect(await repository().findById(schedule.id)).toEqual({ ...schedule, lastExecutionId: executionId, enabled: false });
    });
    it('When listed, Then the owner’s schedules come newest first, filtered, with their total', async () => {
      const ownerId = randomUUID();
      const at = (ms: number) => new Date(Date.UTC(2029, 0, 1) + ms);
      const older = aSchedule({ ownerId, createdAt: at(1), updatedAt: at(1) });
      const newer = aOneShot(new Date('2030-06-01T00:00:00Z'), { ownerId, enabled: false, createdAt: at(2), updatedAt: at(2) });
      for (const schedule of [older, newer, aSchedule()]) await repository().create(schedule);

      expect(await repository().list({ ownerId, page: 1, pageSize: 10 })).toEqual({ items: [newer, older], total: 2, page: 1, pageSize: 10 });
      expect((await repository().list({ ownerId, page: 2, pageSize: 1 })).items).toEqual([older]);
      expect((await repository().list({ ownerId, enabled: false, page: 1, pageSize: 10 })).items).toEqual([newer]);
      expect((await repository().list({ ownerId, targetType: 'workflow', targetId: older.targetId, page: 1, pageSize: 10 })).items).toEqual([older]);
      expect((await repository().list({ page: 1, pageSize: 100 })).total).toBeGreaterThanOrEqual(3);
    });

    it('When updated from the next run it read, Then the client’s fields change and the scheduler’s are kept', async () => {
      const schedule = aSchedule({ lastRunAt: new Date('2029-12-31T09:00:00.000Z'), lastExecutionId: randomUUID() });
      await repository().create(schedule);
      const edited = {
        ...schedule,
        name: 'Evening report',
        targetType: 'agent' as const,
        targetId: randomUUID(),
        cron: null,
        runAt: new Date('2030-02-01T18:00:00.000Z'),
        timezone: 'UTC',
        input: 'hello',
        enabled: false,
        nextRunAt: new Date('2030-02-01T18:00:00.000Z'),
        lastRunAt: null,
        lastExecutionId: null,
        updatedAt: new Date('2030-01-01T00:00:00.000Z'),
      };
      expect(await repository().update(edited, schedule.nextRunAt)).toBe(true);
      expect(await repository().findById(schedule.id)).toEqual({ ...edited, lastRunAt: schedule.lastRunAt, lastExecutionId: schedule.lastExecutionId });
    });

    it('When a ticker claimed the slot since it was read, or the schedule is gone, Then update changes nothing', async () => {
      const schedule = aSchedule();
      await repository().create(schedule);
      const next = new Date('2030-01-02T09:00:00.000Z');
      expect(await repository().advance(schedule.id, schedule.nextRunAt as Date, next, next)).toBe(true);
      expect(await repository().update({ ...schedule, name: 'Stale edit' }, schedule.nextRunAt)).toBe(false);
      expect((await repository().findById(schedule.id))?.name).toBe(schedule.name);
      expect(await repository().update(aSchedule(), null)).toBe(false);
    });

    it('When deleted, Then it is gone, and deleting it again reports false', async () => {
      const schedule = aSchedule();
      await repository().create(schedule);
      expect(await repository().delete(schedule.id)).toBe(true);
      expect(await repository().findById(schedule.id)).toBeUndefined();
      expect(await repository().delete(schedule.id)).toBe(false);
    });
  });
}
