import { randomUUID } from 'node:crypto';
import { OfflineLlmProvider } from '../../../adapters/llm/offline/offline-llm-provider';
import { Actor } from '../../../core/domain/auth/actor';
import { Workflow } from '../../../core/domain/workflow/workflow.entity';
import { EXECUTION_REPOSITORY } from '../../../core/ports/execution-repository.port';
import { Job } from '../../../core/ports/job-queue.port';
import { SCHEDULE_REPOSITORY } from '../../../core/ports/schedule-repository.port';
import { ToolRegistry } from '../../../core/ports/tool-registry.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { WORKFLOW_REPOSITORY } from '../../../core/ports/workflow-repository.port';
import { ScheduleManager } from '../../../core/services/schedules/schedule-manager.service';
import { ScheduleTicker } from '../../../core/services/schedules/schedule-ticker.service';
import { createPlatformServices, PlatformServices } from '../../support/platform-services';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { aUser } from '../../fixtures/users/user.mother';

/** No tools: the workflow here calls none. */
const noTools: ToolRegistry = {
  list: () => [],
  get: () => undefined,
  invoke: async () => {
    throw new Error('no tools in this test');
  },
  runCode: async () => {
    throw new Error('no tools in this test');
  },
  register: async () => {
    throw new Error('no tools in this test');
  },
  unregister: async () => false,
  setEnabled: () => {
    throw new Error('no tools in this test');
  },
  readiness: () => ({ count: 0, ready: true }),
};

let storage: TestStorage;
let services: PlatformServices;
let alice: Actor;
let workflow: Workflow;

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  services = createPlatformServices(storage, { llm: new OfflineLlmProvider(), tools: noTools, now: '2030-03-04T08:15:30.000Z' });
  const user = aUser();
  await storage.get(USER_REPOSITORY).create(user);
  alice = { userId: user.id, role: user.role };
  const at = new Date('2030-01-01T00:00:00.000Z');
  workflow = {
    id: randomUUID(),
    ownerId: alice.userId,
    name: 'Pass-through',
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
  await storage.get(WORKFLOW_REPOSITORY).create(workflow);
});
afterAll(async () => {
  await storage?.destroy();
});

describe('A schedule wired as the composition root wires it, with the real ExecutionLauncher', () => {
  it('When its slot comes, Then the ticker queues one fire job and the worker runs the workflow as the owner and records the execution', async () => {
    const manager = services.container.get(ScheduleManager);
    const schedule = await manager.create(alice, { targetType: 'workflow', targetId: workflow.id, cron: '30 8 * * *', input: { city: 'Lyon' } });
    services.clock.set('2030-03-04T08:30:00.005Z');

    expect(await services.container.get(ScheduleTicker).tick(services.clock.now())).toBe(1);
    const [fire] = services.queue.fires();
    const job: Job = { id: fire.jobId ?? '', type: 'schedule.fire', payload: fire.payload, attempt: 1 };
    await services.jobHandler('schedule.fire').handle(job);

    const stored = await storage.get(SCHEDULE_REPOSITORY).findById(schedule.id);
    expect(stored).toMatchObject({ nextRunAt: new Date('2030-03-05T08:30:00.000Z'), lastRunAt: new Date('2030-03-04T08:30:00.005Z') });
    const execution = await storage.get(EXECUTION_REPOSITORY).findById(stored?.lastExecutionId ?? '');
    expect(execution).toMatchObject({
      ownerId: alice.userId,
      targetType: 'workflow',
      targetId: workflow.id,
      trigger: 'schedule',
      scheduleId: schedule.id,
      status: 'completed',
      success: true,
      input: { city: 'Lyon' },
    });
  });

  it('When triggered by hand, Then a pending execution is queued for the worker and becomes the schedule’s last', async () => {
    const manager = services.container.get(ScheduleManager);
    const schedule = await manager.create(alice, { targetType: 'workflow', targetId: workflow.id, cron: '0 0 1 1 *' });
    const execution = await manager.trigger(alice, schedule.id);
    expect(execution).toMatchObject({ status: 'pending', trigger: 'api', scheduleId: schedule.id, ownerId: alice.userId });
    expect(services.queue.jobs.filter((job) => job.type === 'execution.run')).toHaveLength(1);
    expect(await storage.get(SCHEDULE_REPOSITORY).findById(schedule.id)).toEqual({ ...schedule, lastExecutionId: execution.id });
  });
});
