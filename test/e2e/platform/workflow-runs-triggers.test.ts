import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { trail, workflowRuns } from '../../support/workflow-runs';
import { Json } from '../../support/workflows-api';

const TOKEN = 'whk_runs_0123456789abcdefghijklmnop';

/** start → is_push (webhook body event = push) → true: build → end; false: ignore → end. */
const onPush = (name: string): Json => ({
  name,
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'is_push', type: 'condition', config: { left: '{{input.body.event}}', operator: 'equals', right: 'push' } },
    { id: 'build', type: 'template', config: { template: 'build {{input.query.branch}} ({{input.headers.x-delivery}})' } },
    { id: 'ignore', type: 'template', config: { template: 'ignored {{input.body.event}}' } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'is_push' },
    { source: 'is_push', target: 'build', condition: 'true' },
    { source: 'is_push', target: 'ignore', condition: 'false' },
    { source: 'build', target: 'end' },
    { source: 'ignore', target: 'end' },
  ],
});

/** start → report (template of the schedule's input) → end. */
const report: Json = {
  name: 'Scheduled report',
  nodes: [
    { id: 'start', type: 'start' },
    { id: 'report', type: 'template', config: { template: 'Report for {{input.city}}' } },
    { id: 'end', type: 'end' },
  ],
  edges: [
    { source: 'start', target: 'report' },
    { source: 'report', target: 'end' },
  ],
};

/**
 * Workflows created over HTTP, started by a webhook delivery and by a schedule. Token placements,
 * header filtering and idempotency are in webhooks.test.ts; schedule CRUD in agent-schedules.test.ts.
 */
describe('Workflow runs over HTTP: webhook and schedule triggers', () => {
  let app: StartedApp;
  let runs: ReturnType<typeof workflowRuns>;
  let ada: PlatformUser;
  const url = (path: string) => `${app.platformUrl}/api/v1${path}`;

  beforeAll(async () => {
    // A short tick, so a one-shot due in a second or two fires while the test waits.
    app = await startApp({ WEBHOOK_AUTH_TOKEN: TOKEN, SCHEDULER_TICK_MS: '1000' });
    runs = workflowRuns(app.platformUrl);
    ada = await signUp(app.platformUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const deliver = (path: string, body: Json) =>
    request<{ execution_id: string }>('POST', url(`/webhooks${path}`), { body, headers: { 'x-webhook-token': TOKEN, 'x-delivery': 'd-42' } });

  describe('a webhook', () => {
    it('When a push is delivered, Then the workflow runs as its owner on {body, headers, query} and takes the push branch', async () => {
      const id = await runs.create(ada, onPush('On push'));
      const res = await deliver(`/${id}?branch=main`, { event: 'push' });
      expect(res.status).toBe(202);
      const run = await runs.finished(res.body.execution_id, ada);
      expect(run).toMatchObject({ status: 'completed', trigger: 'webhook', target_version: 1, output: 'build main (d-42)' });
      expect(run.input).toMatchObject({ body: { event: 'push' }, query: { branch: 'main' }, headers: expect.objectContaining({ 'x-delivery': 'd-42' }) });
      expect(trail(run)).toEqual([
        ['start', 'completed'],
        ['is_push', 'completed'],
        ['ignore', 'skipped'],
        ['build', 'completed'],
        ['end', 'completed'],
      ]);
    });

    it('When another event is delivered by name, Then the current version runs and takes the other branch', async () => {
      const name = `Hook ${Date.now()}`;
      const id = await runs.create(ada, onPush(name));
      await runs.workflows.update(ada, id, { ...onPush(name), description: 'second version' });
      const res = await deliver(`/by-name/${encodeURIComponent(name)}`, { event: 'star' });
      expect(res.status).toBe(202);
      const run = await runs.finished(res.body.execution_id, ada);
      expect(run).toMatchObject({ status: 'completed', target_version: 2, output: 'ignored star' });
      expect(run.steps.find((step) => step.node_id === 'build')?.status).toBe('skipped');
    });
  });

  describe('a schedule', () => {
    it('When a one-shot schedule of the workflow comes due, Then the scheduler runs it once with the schedule’s input', async () => {
      const id = await runs.create(ada, report);
      const runAt = new Date(Date.now() + 1500).toISOString();
      const created = await request<{ id: string }>('POST', url('/agent-schedules'), {
        token: ada.token,
        body: { target_type: 'workflow', target_id: id, run_at: runAt, input: { city: 'Lyon' } },
      });
      expect(created.status).toBe(201);

      const fired = await eventually(async () => {
        const page = await request<{ items: Array<{ last_execution_id: string | null }> }>('GET', url(`/agent-schedules?target_id=${id}`), {
          token: ada.token,
        });
        return page.body.items[0]?.last_execution_id ?? undefined;
      });
      const run = await runs.finished(fired, ada);
      expect(run).toMatchObject({ status: 'completed', trigger: 'schedule', input: { city: 'Lyon' }, output: 'Report for Lyon' });
      expect(trail(run)).toEqual([
        ['start', 'completed'],
        ['report', 'completed'],
        ['end', 'completed'],
      ]);
      const all = await request<{ total: number }>('GET', url(`/executions?target_id=${id}`), { token: ada.token });
      expect(all.body.total).toBe(1);
    });

    it('When a workflow schedule is triggered by hand, Then its run runs the workflow with the schedule’s input', async () => {
      const id = await runs.create(ada, report);
      const created = await request<{ id: string }>('POST', url('/agent-schedules'), {
        token: ada.token,
        body: { target_type: 'workflow', target_id: id, cron: '0 3 * * *', input: { city: 'Oslo' } },
      });
      expect(created.status).toBe(201);
      const triggered = await request<{ id: string; status: string }>('POST', url(`/agent-schedules/${created.body.id}/trigger`), { token: ada.token });
      expect(triggered.status).toBe(202);
      expect(await runs.finished(triggered.body.id, ada)).toMatchObject({ status: 'completed', output: 'Report for Oslo', workflow_id: id });
    });
  });
});
