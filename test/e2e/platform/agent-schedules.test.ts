import { randomUUID } from 'node:crypto';
import { Workflow } from '../../../core/domain/workflow/workflow.entity';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
interface ScheduleBody {
  id: string;
  enabled: boolean;
  next_run_at: string | null;
  last_execution_id: string | null;
  [field: string]: unknown;
}
interface PageBody {
  items: ScheduleBody[];
  total: number;
  page: number;
  page_size: number;
}
interface ExecutionBody {
  id: string;
  status: string;
  trigger: string;
  [field: string]: unknown;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('Agent schedules over HTTP', () => {
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let root: PlatformUser;
  const url = (path: string) => `${app.platformUrl}/api/v1${path}`;
  const call = <T = Json>(method: string, path: string, as: PlatformUser | undefined, body?: unknown) =>
    request<T>(method, url(`/agent-schedules${path}`), { token: as?.token, body });

  beforeAll(async () => {
    // A short tick, so a one-shot due in a second or two fires while the test waits.
    app = await startApp({ SCHEDULER_TICK_MS: '1000', ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    [ada, bob, root] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const anAgentOf = async (owner: PlatformUser, name = 'Reporter'): Promise<string> => {
    const created = await request<{ id: string }>('POST', url('/agents'), { token: owner.token, body: { name } });
    expect(created.status).toBe(201);
    return created.body.id;
  };
  const aWorkflowOf = async (owner: PlatformUser): Promise<Workflow> => {
    const at = new Date();
    const workflow: Workflow = {
      id: randomUUID(),
      ownerId: owner.id,
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
    await app.services.app.container.get<WorkflowRepository>(WORKFLOW_REPOSITORY).create(workflow);
    return workflow;
  };
  const hourlyFor = async (owner: PlatformUser, extra: Json = {}): Promise<ScheduleBody> => {
    const created = await call<ScheduleBody>('POST', '', owner, { agent_id: await anAgentOf(owner), cron: '0 * * * *', input: 'Report', ...extra });
    expect(created.status).toBe(201);
    return created.body;
  };
  const execution = (id: string, as: PlatformUser) => request<ExecutionBody>('GET', url(`/executions/${id}`), { token: as.token });
  const finished = (id: string, as: PlatformUser) =>
    eventually(async () => {
      const current = await execution(id, as);
      return ['completed', 'failed'].includes(current.body.status) ? current.body : undefined;
    });

  describe('POST /agent-schedules', () => {
    it('When a cron schedule of an agent is created, Then 201 answers the whole record, due at the next slot of its zone', async () => {
      const agentId = await anAgentOf(ada, 'Morning digest');
      const res = await call<ScheduleBody>('POST', '', ada, { agent_id: agentId, cron: '30 9 * * 1-5', timezone: 'Europe/Paris', input: { topic: 'sales' } });

      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID_PATTERN),
        owner_id: ada.id,
        name: 'Morning digest (scheduled)',
        target_type: 'agent',
        target_id: agentId,
        agent_id: agentId,
        workflow_id: null,
        cron: '30 9 * * 1-5',
        run_at: null,
        timezone: 'Europe/Paris',
        input: { topic: 'sales' },
        enabled: true,
        next_run_at: expect.stringMatching(ISO_INSTANT),
        last_run_at: null,
        last_execution_id: null,
        created_at: expect.stringMatching(ISO_INSTANT),
        updated_at: res.body.created_at,
      });
      const next = new Date(res.body.next_run_at as string);
      expect(next.getTime()).toBeGreaterThan(Date.now());
      // 09:30 in Paris is 07:30 or 08:30 UTC depending on the season.
      expect(['07:30', '08:30']).toContain(next.toISOString().slice(11, 16));
    });

    it('When a one-shot of a workflow is created with its own name, Then it is due at run_at and names the workflow', async () => {
      const workflow = await aWorkflowOf(ada);
      const runAt = new Date(Date.now() + 3_600_000).toISOString();
      const res = await call<ScheduleBody>('POST', '', ada, { name: 'Once', target_type: 'workflow', target_id: workflow.id, run_at: runAt });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        name: 'Once',
        target_type: 'workflow',
        workflow_id: workflow.id,
        agent_id: null,
        cron: null,
        run_at: runAt,
        next_run_at: runAt,
        timezone: 'UTC',
        input: {},
      });
    });

    it('When the cron has 6 fields, the zone is unknown and run_at is also given, Then 422 lists each problem and nothing is stored', async () => {
      const agentId = await anAgentOf(ada);
      const sixFields = await call('POST', '', ada, { agent_id: agentId, cron: '0 0 9 * * *', timezone: 'Mars/Base' });
      expect(sixFields.status).toBe(422);
      expect(sixFields.body).toMatchObject({
        error: 'validation_error',
        details: expect.arrayContaining([expect.objectContaining({ field: 'cron' }), expect.objectContaining({ field: 'timezone' })]),
      });
      const both = await call('POST', '', ada, { agent_id: agentId, cron: '0 9 * * *', run_at: new Date(Date.now() + 60_000).toISOString() });
      expect(both.status).toBe(422);
      expect(both.body).toMatchObject({ details: [{ field: 'cron', message: 'give exactly one of cron (recurring) and run_at (once)' }] });
      const past = await call('POST', '', ada, { agent_id: agentId, run_at: '2020-01-01T00:00:00Z' });
      expect(past.body).toMatchObject({ details: [{ field: 'run_at', message: 'must be in the future' }] });
      const never = await call('POST', '', ada, { agent_id: agentId, cron: '0 0 30 2 *' });
      expect(never.status).toBe(422);
      const badDate = await call('POST', '', ada, { agent_id: agentId, run_at: 'tomorrow' });
      expect(badDate.status).toBe(422);
      expect((await call<PageBody>('GET', `?target_id=${agentId}`, ada)).body.total).toBe(0);
    });

    it('When the agent is another user’s draft or unknown, Then 404; agent_id against target_type is 422; no token is 401', async () => {
      const bobsDraft = await anAgentOf(bob);
      expect(await call('POST', '', ada, { agent_id: bobsDraft, cron: '0 9 * * *' })).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect((await call('POST', '', ada, { agent_id: randomUUID(), cron: '0 9 * * *' })).status).toBe(404);
      const contradiction = await call('POST', '', ada, { agent_id: await anAgentOf(ada), target_type: 'workflow', cron: '0 9 * * *' });
      expect(contradiction).toMatchObject({ status: 422, body: { error: 'validation_error', details: [{ field: 'agent_id' }] } });
      expect(await call('POST', '', undefined, { agent_id: bobsDraft, cron: '0 9 * * *' })).toMatchObject({ status: 401, body: { error: 'unauthorized' } });
    });

    it('When the body names an id, owner or run times, Then they are not taken from it', async () => {
      const forged = { id: randomUUID(), owner_id: bob.id, next_run_at: '2020-01-01T00:00:00.000Z', last_execution_id: randomUUID() };
      const created = await hourlyFor(ada, forged);
      expect(created).toMatchObject({ owner_id: ada.id, last_execution_id: null });
      expect(created.id).not.toBe(forged.id);
      expect(created.next_run_at).not.toBe(forged.next_run_at);
    });
  });

  describe('GET /agent-schedules', () => {
    it('When listed, Then the caller’s schedules come newest first in the shared page shape, filtered; others’ never show', async () => {
      const lister = await signUp(app.platformUrl);
      const first = await hourlyFor(lister);
      const second = await hourlyFor(lister, { enabled: false });
      const page = await call<PageBody>('GET', '?page_size=1', lister);
      expect(page.status).toBe(200);
      expect({ ...page.body, items: page.body.items.map((item) => item.id) }).toEqual({ items: [second.id], total: 2, page: 1, page_size: 1 });
      expect((await call<PageBody>('GET', '?page=2&page_size=1', lister)).body.items.map((item) => item.id)).toEqual([first.id]);
      expect((await call<PageBody>('GET', '?enabled=false', lister)).body.items.map((item) => item.id)).toEqual([second.id]);
      expect((await call<PageBody>('GET', '?target_type=workflow', lister)).body.total).toBe(0);
      expect((await call<PageBody>('GET', `?target_id=${first.target_id as string}`, bob)).body).toEqual({ items: [], total: 0, page: 1, page_size: 20 });
    });

    it('When an admin lists, Then every user’s schedules are there', async () => {
      const adas = await hourlyFor(ada);
      const page = await call<PageBody>('GET', `?target_id=${adas.target_id as string}`, root);
      expect(page.body.items).toEqual([adas]);
    });

    it('When pagination or a filter is out of range, Then 422; without a token 401', async () => {
      expect((await call('GET', '?page_size=101', ada)).status).toBe(422);
      expect((await call('GET', '?page=0', ada)).status).toBe(422);
      expect(await call('GET', '?target_type=robot', ada)).toMatchObject({ status: 422, body: { details: [{ field: 'target_type' }] } });
      expect((await call('GET', '', undefined)).status).toBe(401);
    });
  });

  describe('PUT /agent-schedules/{schedule_id}', () => {
    it('When the cron and name change, Then the record shows them and the next run is worked out again', async () => {
      const schedule = await hourlyFor(ada);
      const res = await call<ScheduleBody>('PUT', `/${schedule.id}`, ada, { name: 'Nightly', cron: '0 3 * * *', timezone: 'Asia/Tokyo' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        ...schedule,
        name: 'Nightly',
        cron: '0 3 * * *',
        timezone: 'Asia/Tokyo',
        next_run_at: expect.stringMatching(ISO_INSTANT),
        updated_at: expect.stringMatching(ISO_INSTANT),
      });
      // 03:00 in Tokyo (UTC+9, no DST) is 18:00 UTC.
      expect((res.body.next_run_at as string).slice(11, 16)).toBe('18:00');
      expect((await call<PageBody>('GET', `?target_id=${schedule.target_id as string}`, ada)).body.items).toEqual([res.body]);
    });

    it('When run_at replaces the cron and the schedule is disabled, Then it is a disabled one-shot', async () => {
      const schedule = await hourlyFor(ada);
      const runAt = new Date(Date.now() + 7_200_000).toISOString();
      const res = await call<ScheduleBody>('PUT', `/${schedule.id}`, ada, { run_at: runAt, enabled: false });
      expect(res.body).toMatchObject({ cron: null, run_at: runAt, enabled: false });
    });

    it('When another user edits it, Then 404; an admin may; an invalid change is 422 and stores nothing', async () => {
      const schedule = await hourlyFor(ada);
      expect(await call('PUT', `/${schedule.id}`, bob, { name: 'Mine now' })).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect(await call('PUT', `/${schedule.id}`, ada, { cron: 'every day' })).toMatchObject({ status: 422, body: { details: [{ field: 'cron' }] } });
      expect((await call('PUT', `/${randomUUID()}`, ada, { name: 'x' })).status).toBe(404);
      expect((await call<ScheduleBody>('PUT', `/${schedule.id}`, root, { name: 'Checked by root' })).body).toMatchObject({
        name: 'Checked by root',
        owner_id: ada.id,
      });
    });

    it('When the new target is an agent the owner may not run, Then 404 and the schedule is unchanged', async () => {
      const schedule = await hourlyFor(ada);
      expect((await call('PUT', `/${schedule.id}`, ada, { agent_id: await anAgentOf(bob) })).status).toBe(404);
      expect((await call<PageBody>('GET', `?target_id=${schedule.target_id as string}`, ada)).body.items).toEqual([schedule]);
    });
  });

  describe('DELETE /agent-schedules/{schedule_id}', () => {
    it('When the owner deletes it, Then 204 and it is gone; another user gets 404 and it stays', async () => {
      const schedule = await hourlyFor(ada);
      expect(await call('DELETE', `/${schedule.id}`, bob)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      const deleted = await call('DELETE', `/${schedule.id}`, ada);
      expect(deleted.status).toBe(204);
      expect(deleted.text).toBe('');
      expect((await call<PageBody>('GET', `?target_id=${schedule.target_id as string}`, ada)).body.total).toBe(0);
      expect((await call('DELETE', `/${schedule.id}`, ada)).status).toBe(404);
    });

    it('When an admin deletes another user’s schedule, Then 204', async () => {
      const schedule = await hourlyFor(ada);
      expect((await call('DELETE', `/${schedule.id}`, root)).status).toBe(204);
      expect((await call<PageBody>('GET', `?target_id=${schedule.target_id as string}`, ada)).body.total).toBe(0);
    });
  });

  describe('POST /agent-schedules/{schedule_id}/trigger', () => {
    it('When triggered, Then 202 answers the queued execution, which runs the agent with the schedule’s input, and becomes its last', async () => {
      const schedule = await hourlyFor(ada, { input: 'Weekly numbers' });
      const res = await call<ExecutionBody>('POST', `/${schedule.id}/trigger`, ada);
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        id: expect.stringMatching(UUID_PATTERN),
        status: 'pending',
        trigger: 'api',
        agent_id: schedule.target_id,
        input: 'Weekly numbers',
      });
      expect(await finished(res.body.id, ada)).toMatchObject({ status: 'completed', success: true });
      const [after] = (await call<PageBody>('GET', `?target_id=${schedule.target_id as string}`, ada)).body.items;
      expect(after).toEqual({ ...schedule, last_execution_id: res.body.id });
    });

    it('When another user triggers it, Then 404 and nothing runs; without a token 401', async () => {
      const schedule = await hourlyFor(ada);
      expect(await call('POST', `/${schedule.id}/trigger`, bob)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect((await call('POST', `/${schedule.id}/trigger`, undefined)).status).toBe(401);
      const [after] = (await call<PageBody>('GET', `?target_id=${schedule.target_id as string}`, ada)).body.items;
      expect(after.last_execution_id).toBeNull();
    });
  });

  describe('firing', () => {
    it('When a one-shot’s time comes, Then the scheduler runs the workflow once as the owner, with trigger "schedule", and disables it', async () => {
      const workflow = await aWorkflowOf(ada);
      const runAt = new Date(Date.now() + 1500).toISOString();
      const created = await call<ScheduleBody>('POST', '', ada, { target_type: 'workflow', target_id: workflow.id, run_at: runAt, input: { city: 'Lyon' } });
      expect(created.status).toBe(201);

      const fired = await eventually(async () => {
        const [current] = (await call<PageBody>('GET', `?target_id=${workflow.id}`, ada)).body.items;
        return current.last_execution_id ? current : undefined;
      });
      expect(fired).toMatchObject({ enabled: false, next_run_at: null, last_run_at: expect.stringMatching(ISO_INSTANT) });
      const run = await finished(fired.last_execution_id as string, ada);
      expect(run).toMatchObject({ trigger: 'schedule', status: 'completed', workflow_id: workflow.id, input: { city: 'Lyon' }, output: { city: 'Lyon' } });
      const runs = await request<{ total: number }>('GET', url(`/executions?target_id=${workflow.id}`), { token: ada.token });
      expect(runs.body.total).toBe(1);
    });
  });
});
