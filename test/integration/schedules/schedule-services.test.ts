import { randomUUID } from 'node:crypto';
import { Actor } from '../../../core/domain/auth/actor';
import { Schedule } from '../../../core/domain/schedule/schedule.entity';
import { Workflow } from '../../../core/domain/workflow/workflow.entity';
import { Job } from '../../../core/ports/job-queue.port';
import { DailyQuotaExceededError } from '../../../core/services/quotas/daily-quotas.service';
import { NewScheduleInput } from '../../../core/services/schedules/schedule-manager.service';
import { DomainError } from '../../../core/shared/domain-error';
import { NotFoundError } from '../../../core/shared/common.errors';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { RecordingJobQueue } from '../../fixtures/queue/recording-job-queue';
import { aOneShot, aSchedule } from '../../fixtures/schedules/schedule.mother';
import { scheduleTestBed, ScheduleTestBed } from '../../fixtures/schedules/schedule-test-bed';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { aUser } from '../../fixtures/users/user.mother';

/** A broker that is down. */
class RefusingQueue extends RecordingJobQueue {
  override async publish(): Promise<string> {
    throw new Error('broker down');
  }
}

const START = '2030-03-04T08:15:30.000Z'; // a Monday

let storage: TestStorage;
let bed: ScheduleTestBed;
let alice: Actor;
let bob: Actor;
let admin: Actor;
let aliceWorkflow: Workflow;
let bobWorkflow: Workflow;

function aWorkflow(ownerId: string, name: string): Workflow {
  const at = new Date('2030-01-01T00:00:00.000Z');
  return {
    id: randomUUID(),
    ownerId,
    name,
    description: '',
    graph: {
      nodes: [
        { id: 'start', type: 'start' },
        { id: 'end', type: 'end' },
      ],
      edges: [{ source: 'start', target: 'end' }],
    },
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
}

async function aStoredActor(role: Actor['role'] = 'user'): Promise<Actor> {
  const user = aUser({ role });
  await bed.users.create(user);
  return { userId: user.id, role };
}

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

function fireJob(schedule: Schedule, dueAt = schedule.nextRunAt as Date): Job {
  return {
    id: `schedule:${schedule.id}:${dueAt.toISOString()}`,
    type: 'schedule.fire',
    payload: { schedule_id: schedule.id, due_at: dueAt.toISOString() },
    attempt: 1,
  };
}

const hourly = (overrides: Partial<NewScheduleInput> = {}): NewScheduleInput => ({
  targetType: 'workflow',
  targetId: aliceWorkflow.id,
  cron: '0 * * * *',
  input: { report: 'sales' },
  ...overrides,
});

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
});
afterAll(async () => {
  await storage?.destroy();
});
beforeEach(async () => {
  // Ticks see every due row: each test starts from an empty table.
  await storage.dataSource.query('DELETE FROM schedules');
  bed = scheduleTestBed(storage, START);
  [alice, bob, admin] = [await aStoredActor(), await aStoredActor(), await aStoredActor('admin')];
  aliceWorkflow = aWorkflow(alice.userId, 'Daily sales report');
  bobWorkflow = aWorkflow(bob.userId, 'Bob only');
  await bed.workflows.create(aliceWorkflow);
  await bed.workflows.create(bobWorkflow);
});

describe('ScheduleManager.create', () => {
  it('When a cron schedule is created, Then it is stored for its owner, named after the target and due at the next slot in its zone', async () => {
    const schedule = await bed.manager.create(alice, hourly({ cron: '0 9 * * 1-5', timezone: 'America/New_York' }));
    expect(schedule).toEqual({
      id: expect.any(String),
      ownerId: alice.userId,
      name: 'Daily sales report (scheduled)',
      targetType: 'workflow',
      targetId: aliceWorkflow.id,
      cron: '0 9 * * 1-5',
      runAt: null,
      timezone: 'America/New_York',
      input: { report: 'sales' },
      enabled: true,
      // 09:00 in New York (EST, UTC-5) on Monday 4 March 2030.
      nextRunAt: new Date('2030-03-04T14:00:00.000Z'),
      lastRunAt: null,
      lastExecutionId: null,
      createdAt: new Date(START),
      updatedAt: new Date(START),
    });
    expect(await bed.schedules.findById(schedule.id)).toEqual(schedule);
    expect(bed.queue.auditActions()).toEqual(['schedule.create']);
  });

  it('When a one-shot is created with a name, Then it is due at run_at and keeps the name', async () => {
    const runAt = new Date('2030-03-05T10:00:00.000Z');
    const schedule = await bed.manager.create(alice, { name: 'Once', targetType: 'workflow', targetId: aliceWorkflow.id, runAt });
    expect(schedule).toMatchObject({ name: 'Once', cron: null, runAt, nextRunAt: runAt, timezone: 'UTC', input: {} });
  });

  it('When the cron never fires, the zone is unknown or the run is past, Then it is a validation error naming each field', async () => {
    const badCron = await errorOf(bed.manager.create(alice, hourly({ cron: '0 0 30 2 *' })));
    expect(badCron.code).toBe('schedule.validation');
    expect(badCron.details).toEqual([{ field: 'cron', message: expect.stringContaining('invalid cron expression') }]);
    const badZone = await errorOf(bed.manager.create(alice, hourly({ timezone: 'Mars/Olympus_Mons', name: '' })));
    expect(badZone.details?.map((d) => d.field).sort()).toEqual(['name', 'timezone']);
    const past = await errorOf(bed.manager.create(alice, { targetType: 'workflow', targetId: aliceWorkflow.id, runAt: new Date('2030-03-04T08:00:00Z') }));
    expect(past.details).toEqual([{ field: 'run_at', message: 'must be in the future' }]);
    expect(await bed.schedules.countByOwner(alice.userId)).toBe(0);
  });

  it('When the workflow is missing or someone else’s, Then it is workflow.not_found; an admin may schedule anyone’s', async () => {
    expect((await errorOf(bed.manager.create(alice, hourly({ targetId: bobWorkflow.id })))).code).toBe('workflow.not_found');
    expect((await errorOf(bed.manager.create(alice, hourly({ targetId: randomUUID() })))).code).toBe('workflow.not_found');
    expect(await bed.manager.create(admin, hourly({ targetId: bobWorkflow.id }))).toMatchObject({ ownerId: admin.userId, targetId: bobWorkflow.id });
  });

  it('When the agent is someone else’s draft, Then it is agent.not_found; their deployed agent may be scheduled', async () => {
    const draft = anAgent({ ownerId: bob.userId });
    const deployed = anAgent({ ownerId: bob.userId, status: 'deployed', name: 'Public helper' });
    await bed.agents.create(draft);
    await bed.agents.create(deployed);
    expect((await errorOf(bed.manager.create(alice, hourly({ targetType: 'agent', targetId: draft.id })))).code).toBe('agent.not_found');
    expect(await bed.manager.create(alice, hourly({ targetType: 'agent', targetId: deployed.id, input: 'Hello' }))).toMatchObject({
      name: 'Public helper (scheduled)',
      targetType: 'agent',
      input: 'Hello',
    });
  });

  it('When the owner already keeps 100 schedules, Then the next one is a conflict that says so', async () => {
    for (let i = 0; i < 100; i++) await bed.schedules.create(aSchedule({ ownerId: alice.userId }));
    const error = await errorOf(bed.manager.create(alice, hourly()));
    expect(error.code).toBe('schedule.conflict');
    expect(error.message).toMatch(/at most 100 schedules/);
    await expect(bed.manager.create(bob, hourly({ targetId: bobWorkflow.id }))).resolves.toBeDefined();
  });
});

describe('ScheduleManager.create under the daily schedule quota', () => {
  it('When the owner has created the day’s quota of schedules, Then the next create is refused with quota.exceeded, nothing is stored and other users still create', async () => {
    const limited = scheduleTestBed(storage, START, { schedules: 2 });
    await limited.manager.create(alice, hourly());
    await limited.manager.create(alice, hourly());

    const error = await errorOf(limited.manager.create(alice, hourly()));

    expect(error).toBeInstanceOf(DailyQuotaExceededError);
    expect(error).toMatchObject({
      code: 'quota.exceeded',
      quota: 'schedules',
      limit: 2,
      message: expect.stringMatching(/at most 2 schedules created per day/),
    });
    expect(await limited.schedules.countByOwner(alice.userId)).toBe(2);
    await expect(limited.manager.create(bob, hourly({ targetId: bobWorkflow.id }))).resolves.toMatchObject({ ownerId: bob.userId });
  });
});

describe('ScheduleManager.get and trigger', () => {
  it('When another user asks for a schedule, Then it is schedule.not_found; the owner and an admin see it', async () => {
    const schedule = await bed.manager.create(alice, hourly());
    expect((await errorOf(bed.manager.get(bob, schedule.id))).code).toBe('schedule.not_found');
    expect((await errorOf(bed.manager.get(alice, randomUUID()))).code).toBe('schedule.not_found');
    expect(await bed.manager.get(alice, schedule.id)).toEqual(schedule);
    expect(await bed.manager.get(admin, schedule.id)).toEqual(schedule);
  });

  it('When triggered by hand, Then the target is queued now with the schedule’s input, the execution recorded and the next run unchanged', async () => {
    const schedule = await bed.manager.create(alice, hourly());
    const execution = await bed.manager.trigger(alice, schedule.id);
    expect(bed.launcher.enqueued).toEqual([
      {
        actor: alice,
        target: { type: 'workflow', id: aliceWorkflow.id },
        input: { report: 'sales' },
        options: { trigger: 'api', scheduleId: schedule.id },
        execution,
      },
    ]);
    expect(await bed.schedules.findById(schedule.id)).toEqual({ ...schedule, lastExecutionId: execution.id });
    expect((await errorOf(bed.manager.trigger(bob, schedule.id))).code).toBe('schedule.not_found');
    expect(bed.launcher.enqueued).toHaveLength(1);
  });
});

describe('ScheduleTicker', () => {
  it('When nothing is due yet, Then a tick fires nothing', async () => {
    await bed.manager.create(alice, hourly());
    expect(await bed.ticker().tick(bed.clock.now())).toBe(0);
    expect(bed.queue.fires()).toEqual([]);
  });

  it('When two tickers race on a due cron slot, Then it fires once, with a stable job id, and moves to the next slot', async () => {
    const schedule = await bed.manager.create(alice, hourly());
    bed.clock.set('2030-03-04T09:00:00.040Z');
    const counts = await Promise.all([bed.ticker().tick(bed.clock.now()), bed.ticker().tick(bed.clock.now())]);
    expect(counts.sort()).toEqual([0, 1]);
    const dueAt = '2030-03-04T09:00:00.000Z';
    expect(bed.queue.fires()).toEqual([{ payload: { schedule_id: schedule.id, due_at: dueAt }, jobId: `schedule:${schedule.id}:${dueAt}` }]);
    expect(await bed.schedules.findById(schedule.id)).toMatchObject({
      enabled: true,
      nextRunAt: new Date('2030-03-04T10:00:00.000Z'),
      lastRunAt: new Date('2030-03-04T09:00:00.040Z'),
    });
    expect(await bed.ticker().tick(bed.clock.now())).toBe(0);
  });

  it('When a one-shot is due, Then it fires once and is then disabled with no next run', async () => {
    const runAt = new Date('2030-03-04T12:00:00.000Z');
    const schedule = await bed.manager.create(alice, { targetType: 'workflow', targetId: aliceWorkflow.id, runAt });
    bed.clock.set('2030-03-04T12:00:01.000Z');
    expect(await bed.ticker().tick(bed.clock.now())).toBe(1);
    bed.clock.set('2030-03-05T12:00:00.000Z');
    expect(await bed.ticker().tick(bed.clock.now())).toBe(0);
    expect(bed.queue.fires().map((fire) => fire.payload)).toEqual([{ schedule_id: schedule.id, due_at: runAt.toISOString() }]);
    expect(await bed.schedules.findById(schedule.id)).toMatchObject({ enabled: false, nextRunAt: null, lastRunAt: new Date('2030-03-04T12:00:01.000Z') });
  });

  it('When the ticker was down for several slots, Then the missed runs fire once and the next slot is after now', async () => {
    const schedule = await bed.manager.create(alice, hourly());
    bed.clock.set('2030-03-04T14:20:00.000Z'); // 09:00 to 14:00 were missed
    expect(await bed.ticker().tick(bed.clock.now())).toBe(1);
    expect(await bed.ticker().tick(bed.clock.now())).toBe(0);
    expect(bed.queue.fires().map((fire) => fire.payload)).toEqual([{ schedule_id: schedule.id, due_at: '2030-03-04T09:00:00.000Z' }]);
    expect((await bed.schedules.findById(schedule.id))?.nextRunAt).toEqual(new Date('2030-03-04T15:00:00.000Z'));
  });

  it('When a disabled schedule’s time comes, Then it does not fire', async () => {
    const schedule = await bed.manager.create(alice, hourly({ enabled: false }));
    bed.clock.set('2030-03-04T09:00:00.000Z');
    expect(await bed.ticker().tick(bed.clock.now())).toBe(0);
    expect((await bed.schedules.findById(schedule.id))?.lastRunAt).toBeNull();
  });

  it('When a stored cron no longer reads, Then the schedule is disabled and logged, and the others still fire', async () => {
    const broken = aSchedule({ ownerId: alice.userId, timezone: 'Atlantis/Capital', nextRunAt: new Date('2030-03-04T08:00:00.000Z') });
    await bed.schedules.create(broken);
    const healthy = await bed.manager.create(alice, hourly());
    bed.clock.set('2030-03-04T09:00:00.000Z');
    expect(await bed.ticker().tick(bed.clock.now())).toBe(1);
    expect(await bed.schedules.findById(broken.id)).toMatchObject({ enabled: false, lastRunAt: null });
    expect(bed.logger.at('warn')).toEqual(['schedule disabled: its cron expression no longer reads']);
    expect(bed.queue.fires().map((fire) => (fire.payload as { schedule_id: string }).schedule_id)).toEqual([healthy.id]);
  });

  it('When the queue refuses the fire job, Then the run is logged as lost and not counted', async () => {
    await bed.manager.create(alice, hourly());
    bed.clock.set('2030-03-04T09:00:00.000Z');
    expect(await bed.ticker(new RefusingQueue()).tick(bed.clock.now())).toBe(0);
    expect(bed.logger.at('error')).toEqual(['schedule run lost: the fire job could not be queued']);
  });
});

describe('ScheduleFireHandler', () => {
  it('When a fire job comes, Then the target runs as the owner with the schedule’s input and the execution is recorded', async () => {
    const schedule = await bed.manager.create(alice, hourly());
    await bed.handler.handle(fireJob(schedule));
    expect(bed.launcher.runs).toEqual([
      {
        actor: alice,
        target: { type: 'workflow', id: aliceWorkflow.id },
        input: { report: 'sales' },
        options: { trigger: 'schedule', scheduleId: schedule.id },
        execution: expect.objectContaining({ status: 'completed' }),
      },
    ]);
    expect((await bed.schedules.findById(schedule.id))?.lastExecutionId).toBe(bed.launcher.runs[0].execution.id);
  });

  it('When the owner is an admin, Then the run carries the admin role read from the user record', async () => {
    const schedule = await bed.manager.create(admin, hourly({ targetId: bobWorkflow.id }));
    await bed.handler.handle(fireJob(schedule));
    expect(bed.launcher.runs[0].actor).toEqual({ userId: admin.userId, role: 'admin' });
  });

  it('When the schedule is gone, or recurring and disabled, Then the job is acknowledged and nothing runs', async () => {
    await bed.handler.handle(fireJob(aSchedule()));
    const schedule = await bed.manager.create(alice, hourly());
    await bed.schedules.disable(schedule.id);
    await bed.handler.handle(fireJob(schedule));
    await bed.handler.handle({ id: 'x', type: 'schedule.fire', payload: { nope: true }, attempt: 1 });
    expect(bed.launcher.runs).toEqual([]);
  });

  it('When a one-shot has fired (and so is disabled), Then its job still runs it', async () => {
    const runAt = new Date('2030-03-04T12:00:00.000Z');
    const schedule = await bed.manager.create(alice, { targetType: 'workflow', targetId: aliceWorkflow.id, runAt });
    bed.clock.set('2030-03-04T12:00:00.000Z');
    await bed.ticker().tick(bed.clock.now());
    await bed.handler.handle(fireJob(schedule, runAt));
    expect(bed.launcher.runs).toHaveLength(1);
  });

  it('When the owner no longer exists, Then the schedule is disabled and nothing runs', async () => {
    const ghost = aOneShot(new Date('2030-03-04T12:00:00.000Z'), { ownerId: randomUUID(), enabled: true });
    await bed.schedules.create(ghost);
    await bed.handler.handle(fireJob(ghost));
    expect(bed.launcher.runs).toEqual([]);
    expect((await bed.schedules.findById(ghost.id))?.enabled).toBe(false);
    expect(bed.logger.at('warn')).toEqual(['schedule disabled: it cannot run']);
  });

  it('When the target is gone or no longer allowed (not_found), Then the schedule is disabled and the job acknowledged', async () => {
    const schedule = await bed.manager.create(alice, hourly());
    bed.launcher.failNext = new NotFoundError('workflow');
    await expect(bed.handler.handle(fireJob(schedule))).resolves.toBeUndefined();
    expect((await bed.schedules.findById(schedule.id))?.enabled).toBe(false);
    expect(bed.logger.lines.find((line) => line.level === 'warn')?.fields).toMatchObject({ scheduleId: schedule.id, reason: 'workflow.not_found' });
  });

  it('When the run fails for another reason, Then the job fails (so the queue retries) and the schedule stays enabled', async () => {
    const schedule = await bed.manager.create(alice, hourly());
    bed.launcher.failNext = new Error('database timeout');
    await expect(bed.handler.handle(fireJob(schedule))).rejects.toThrow('database timeout');
    expect((await bed.schedules.findById(schedule.id))?.enabled).toBe(true);
  });
});
