import { randomUUID } from 'node:crypto';
import { CronParserCalculator } from '../../../adapters/system/cron-parser-calculator';
import { CryptoIdGenerator } from '../../../adapters/system/crypto-id-generator';
import { Actor } from '../../../core/domain/auth/actor';
import { Schedule } from '../../../core/domain/schedule/schedule.entity';
import { ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { WORKFLOW_VERSION_REPOSITORY } from '../../../core/ports/workflow-version-repository.port';
import { AuditTrail } from '../../../core/services/audit/audit-trail.service';
import { ExecutionTargets } from '../../../core/services/executions/execution-targets';
import { ScheduleEditor } from '../../../core/services/schedules/schedule-editor.service';
import { ScheduleInputChecker } from '../../../core/services/schedules/schedule-input-checker';
import { scheduleTestBed, ScheduleTestBed } from '../../fixtures/schedules/schedule-test-bed';
import { aUser } from '../../fixtures/users/user.mother';
import { aWorkflow } from '../../fixtures/workflows/workflow.mother';
import { createTestStorage, TestStorage } from '../../support/test-database';

const START = '2030-03-04T08:15:30.000Z';

let storage: TestStorage;
let bed: ScheduleTestBed;
let alice: Actor;
let workflowId: string;

/** The bed's repository, but a ticker fires what is due just before the first edit is stored: the race an edit must survive. */
function racedByTicker(schedules: ScheduleRepository): ScheduleRepository {
  let raced = false;
  return Object.assign(Object.create(schedules) as ScheduleRepository, {
    update: async (schedule: Schedule, expected: Date | null) => {
      if (!raced) {
        raced = true;
        await bed.ticker().tick(bed.clock.now());
      }
      return schedules.update(schedule, expected);
    },
  });
}

function editorOver(schedules: ScheduleRepository): ScheduleEditor {
  const cron = new CronParserCalculator();
  return new ScheduleEditor(
    bed.manager,
    schedules,
    new ScheduleInputChecker(cron),
    cron,
    new ExecutionTargets(bed.workflows, bed.agents, storage.get(WORKFLOW_VERSION_REPOSITORY)),
    bed.users,
    bed.clock,
    new AuditTrail(bed.queue, new CryptoIdGenerator(), bed.clock, bed.logger),
  );
}

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
});
afterAll(async () => {
  await storage?.destroy();
});
beforeEach(async () => {
  await storage.dataSource.query('DELETE FROM schedules');
  bed = scheduleTestBed(storage, START);
  const user = aUser();
  await bed.users.create(user);
  alice = { userId: user.id, role: user.role };
  const workflow = aWorkflow({ ownerId: alice.userId });
  await bed.workflows.create(workflow);
  workflowId = workflow.id;
});

describe('ScheduleEditor racing the ticker', () => {
  it('When a recurring slot fires while an edit is being stored, Then the edit applies after it and the fired slot is not re-armed', async () => {
    const schedule = await bed.manager.create(alice, { targetType: 'workflow', targetId: workflowId, cron: '0 9 * * *' });
    bed.clock.set('2030-03-04T09:00:00.500Z');

    const edited = await editorOver(racedByTicker(bed.schedules)).update(alice, schedule.id, { name: 'Renamed' });

    expect(bed.queue.fires()).toHaveLength(1);
    expect(edited).toMatchObject({ name: 'Renamed', nextRunAt: new Date('2030-03-05T09:00:00.000Z') });
    expect(await bed.schedules.findById(schedule.id)).toMatchObject({
      name: 'Renamed',
      nextRunAt: new Date('2030-03-05T09:00:00.000Z'),
      lastRunAt: new Date('2030-03-04T09:00:00.500Z'),
    });
    expect(await bed.ticker().tick(bed.clock.now())).toBe(0);
  });

  it('When a one-shot fires while it is being renamed, Then it stays fired and disabled, and never fires again', async () => {
    const runAt = new Date('2030-03-04T10:00:00.000Z');
    const schedule = await bed.manager.create(alice, { targetType: 'workflow', targetId: workflowId, runAt });
    bed.clock.set('2030-03-04T10:00:01.000Z');

    const edited = await editorOver(racedByTicker(bed.schedules)).update(alice, schedule.id, { name: 'Once, renamed' });

    expect(edited).toMatchObject({ name: 'Once, renamed', enabled: false, nextRunAt: null, runAt });
    bed.clock.set('2030-03-04T11:00:00.000Z');
    expect(await bed.ticker().tick(bed.clock.now())).toBe(0);
    expect(bed.queue.fires()).toHaveLength(1);
  });

  it('When a fired one-shot is enabled again without a new run_at, Then it is a validation error; with one, it is due then', async () => {
    const runAt = new Date('2030-03-04T10:00:00.000Z');
    const schedule = await bed.manager.create(alice, { targetType: 'workflow', targetId: workflowId, runAt });
    bed.clock.set('2030-03-04T10:00:01.000Z');
    await bed.ticker().tick(bed.clock.now());
    const editor = editorOver(bed.schedules);

    await expect(editor.update(alice, schedule.id, { enabled: true })).rejects.toMatchObject({ code: 'schedule.validation', details: [{ field: 'run_at' }] });
    const again = new Date('2030-03-05T10:00:00.000Z');
    expect(await editor.update(alice, schedule.id, { enabled: true, runAt: again })).toMatchObject({ enabled: true, nextRunAt: again });
  });

  it('When a due slot not yet claimed is renamed, Then the slot still fires at the next tick', async () => {
    const schedule = await bed.manager.create(alice, { targetType: 'workflow', targetId: workflowId, cron: '0 9 * * *' });
    bed.clock.set('2030-03-04T09:00:05.000Z');
    expect(await editorOver(bed.schedules).update(alice, schedule.id, { name: 'Renamed' })).toMatchObject({ nextRunAt: schedule.nextRunAt });
    expect(await bed.ticker().tick(bed.clock.now())).toBe(1);
  });

  it('When a recurring schedule is switched back on, Then it counts from now: slots missed while it was off do not fire', async () => {
    const schedule = await bed.manager.create(alice, { targetType: 'workflow', targetId: workflowId, cron: '0 9 * * *', enabled: false });
    bed.clock.set('2030-03-06T12:00:00.000Z');
    const editor = editorOver(bed.schedules);
    expect(await editor.update(alice, schedule.id, { enabled: true })).toMatchObject({ enabled: true, nextRunAt: new Date('2030-03-07T09:00:00.000Z') });
    expect(await bed.ticker().tick(bed.clock.now())).toBe(0);
  });

  it('When another user edits or deletes it, Then schedule.not_found and nothing changes', async () => {
    const schedule = await bed.manager.create(alice, { targetType: 'workflow', targetId: workflowId, cron: '0 9 * * *' });
    const mallory: Actor = { userId: randomUUID(), role: 'user' };
    const editor = editorOver(bed.schedules);
    await expect(editor.update(mallory, schedule.id, { name: 'Mine' })).rejects.toMatchObject({ code: 'schedule.not_found' });
    await expect(editor.remove(mallory, schedule.id)).rejects.toMatchObject({ code: 'schedule.not_found' });
    expect(await bed.schedules.findById(schedule.id)).toEqual(schedule);
  });
});
