import { WORKFLOW_VERSION_REPOSITORY, WorkflowVersionRepository } from '../../../core/ports/workflow-version-repository.port';
import { eventually } from '../../support/eventually';
import { HttpResult, request } from '../../support/http-client';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { Json, templateWorkflow, UNKNOWN_ID, WorkflowBody, workflowsApi } from '../../support/workflows-api';

interface BatchItem {
  workflow_id: string;
  success: boolean;
  execution_id?: string;
  export?: Json;
  error?: { error: string; message: string };
}

interface BatchBody {
  items: BatchItem[];
  succeeded: number;
  failed: number;
}

interface ExecutionBody {
  id: string;
  status: string;
  [field: string]: unknown;
}

const STARTS_PER_MINUTE = 4;
const NOT_FOUND = { error: 'not_found', message: expect.any(String) };

/** `/batch`: execute, export and delete many workflows, each id answered by its own item. */
describe('Platform Batch API', () => {
  let app: StartedApp;
  let workflows: ReturnType<typeof workflowsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let admin: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD, EXECUTIONS_PER_MINUTE: String(STARTS_PER_MINUTE) });
    workflows = workflowsApi(app.platformUrl);
    [ada, bob, admin] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const batch = (action: string, as: PlatformUser | undefined, body: unknown) =>
    request<BatchBody>('POST', `${app.platformUrl}/api/v1/batch/${action}`, { token: as?.token, body });
  const greeter = (as: PlatformUser, name = 'Greeter') => workflows.create(as, templateWorkflow(name, 'Hello {{input.name}}'));
  const execution = (id: string, as: PlatformUser) => request<ExecutionBody>('GET', `${app.platformUrl}/api/v1/executions/${id}`, { token: as.token });
  const executionsOf = async (as: PlatformUser) =>
    (await request<{ total: number }>('GET', `${app.platformUrl}/api/v1/executions?target_type=workflow`, { token: as.token })).body.total;
  const completed = (id: string, as: PlatformUser) =>
    eventually(async () => {
      const current = await execution(id, as);
      return current.body.status === 'completed' ? current.body : undefined;
    });

  describe('authentication and malformed bodies', () => {
    it.each(['execute', 'export', 'delete'])('When POST /batch/%s is called without a token, Then 401', async (action) => {
      const res = await batch(action, undefined, { workflow_ids: [UNKNOWN_ID] });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });

    const tooMany = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    it.each([
      ['no workflow_ids', {}, 'workflow_ids'],
      ['workflow_ids an object', { workflow_ids: { id: UNKNOWN_ID } }, 'workflow_ids[0]'],
      ['workflow_ids a string that is not a UUID', { workflow_ids: 'all' }, 'workflow_ids[0]'],
      ['an id that is not a string', { workflow_ids: [UNKNOWN_ID, 7] }, 'workflow_ids[1]'],
      ['no ids', { workflow_ids: [] }, 'workflow_ids'],
      ['101 ids', { workflow_ids: tooMany }, 'workflow_ids'],
      ['an id that is not a UUID', { workflow_ids: [UNKNOWN_ID, 'not-a-uuid'] }, 'workflow_ids[1]'],
      ['an id twice (in another letter case)', { workflow_ids: [UNKNOWN_ID, UNKNOWN_ID.toUpperCase()] }, 'workflow_ids[1]'],
    ])('When the body has %s, Then every endpoint answers 422 validation_error naming the field', async (_case, body, field) => {
      for (const action of ['execute', 'export', 'delete']) {
        const res = await batch(action, ada, body);
        expect(res.status).toBe(422);
        expect(res.body).toEqual({ error: 'validation_error', message: expect.any(String), details: [expect.objectContaining({ field })] });
      }
    });

    it('When the body is not JSON, Then 400 bad_request', async () => {
      const res = await request('POST', `${app.platformUrl}/api/v1/batch/delete`, {
        token: ada.token,
        body: '{"workflow_ids": [',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', message: expect.any(String) });
    });

    it('When one id of a delete is refused, Then nothing is deleted, not even the valid ids', async () => {
      const own = await greeter(ada);
      expect((await batch('delete', ada, { workflow_ids: [own.id, own.id] })).status).toBe(422);
      expect((await workflows.call('GET', `/${own.id}`, ada)).status).toBe(200);
    });
  });

  describe('POST /batch/export', () => {
    it("When own, another user's and missing ids are sent, Then each is an item in order: own exports equal the single export, the others not_found", async () => {
      const first = await greeter(ada, 'First');
      const second = await workflows.update(ada, (await greeter(ada, 'Second')).id, templateWorkflow('Second (v2)', 'Hi'));
      const bobs = await greeter(bob);

      const res = await batch('export', ada, { workflow_ids: [first.id, bobs.id, UNKNOWN_ID, second.id.toUpperCase()] });

      expect(res.status).toBe(200);
      const single = async (workflow: WorkflowBody) => (await workflows.call<Json>('GET', `/${workflow.id}/export`, ada)).body;
      expect(res.body).toEqual({
        items: [
          { workflow_id: first.id, success: true, export: { ...(await single(first)), exported_at: expect.any(String) } },
          { workflow_id: bobs.id, success: false, error: NOT_FOUND },
          { workflow_id: UNKNOWN_ID, success: false, error: NOT_FOUND },
          { workflow_id: second.id, success: true, export: { ...(await single(second)), exported_at: expect.any(String) } },
        ],
        succeeded: 2,
        failed: 2,
      });
      expect(res.body.items[3].export).toMatchObject({ name: 'Second (v2)', version: 2 });
    });

    it("When an admin exports other users' workflows, Then each succeeds", async () => {
      const [adas, bobs] = [await greeter(ada), await greeter(bob)];
      const res = await batch('export', admin, { workflow_ids: [adas.id, bobs.id] });
      expect(res.status).toBe(200);
      expect(res.body.items.map((item) => [item.workflow_id, item.success, item.export?.name])).toEqual([
        [adas.id, true, adas.name],
        [bobs.id, true, bobs.name],
      ]);
      expect(res.body).toMatchObject({ succeeded: 2, failed: 0 });
    });
  });

  describe('POST /batch/delete', () => {
    const versions = () => app.services.app.container.get<WorkflowVersionRepository>(WORKFLOW_VERSION_REPOSITORY);

    it("When own, another user's and missing ids are sent, Then own workflows go with their versions and executions, the others are untouched and not_found", async () => {
      const own = await greeter(ada);
      await workflows.update(ada, own.id, templateWorkflow('v2', 'two'));
      const run = await workflows.call<ExecutionBody>('POST', `/${own.id}/execute`, ada, { input: { name: 'Ada' } });
      expect(run.status).toBe(200);
      const bobs = await greeter(bob);

      const res = await batch('delete', ada, { workflow_ids: [bobs.id, own.id, UNKNOWN_ID] });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [
          { workflow_id: bobs.id, success: false, error: NOT_FOUND },
          { workflow_id: own.id, success: true },
          { workflow_id: UNKNOWN_ID, success: false, error: NOT_FOUND },
        ],
        succeeded: 1,
        failed: 2,
      });
      expect((await workflows.call('GET', `/${own.id}`, ada)).status).toBe(404);
      expect(await versions().find(own.id, 1)).toBeUndefined();
      expect(await versions().find(own.id, 2)).toBeUndefined();
      expect((await execution(run.body.id, ada)).status).toBe(404);
      expect((await workflows.call('GET', `/${bobs.id}`, bob)).status).toBe(200);
      expect(await versions().find(bobs.id, 1)).toBeDefined();
    });

    it('When the same workflow is deleted by a second batch, Then that item is not_found', async () => {
      const own = await greeter(ada);
      expect((await batch('delete', ada, { workflow_ids: [own.id] })).body).toMatchObject({ succeeded: 1, failed: 0 });
      expect((await batch('delete', ada, { workflow_ids: [own.id] })).body).toEqual({
        items: [{ workflow_id: own.id, success: false, error: NOT_FOUND }],
        succeeded: 0,
        failed: 1,
      });
    });

    it("When an admin deletes other users' workflows, Then each is gone", async () => {
      const [adas, bobs] = [await greeter(ada), await greeter(bob)];
      const res = await batch('delete', admin, { workflow_ids: [adas.id, bobs.id] });
      expect(res.body).toEqual({
        items: [
          { workflow_id: adas.id, success: true },
          { workflow_id: bobs.id, success: true },
        ],
        succeeded: 2,
        failed: 0,
      });
      expect((await workflows.call('GET', `/${adas.id}`, ada)).status).toBe(404);
      expect((await workflows.call('GET', `/${bobs.id}`, bob)).status).toBe(404);
    });
  });

  describe('POST /batch/execute', () => {
    it("When own, another user's and missing ids are sent, Then own workflows get pending executions that run with the input, the others not_found with nothing stored", async () => {
      const [cleo, dan] = [await signUp(app.platformUrl), await signUp(app.platformUrl)];
      const [first, second, dans] = [await greeter(cleo, 'First'), await greeter(cleo, 'Second'), await greeter(dan)];

      const res = await batch('execute', cleo, { workflow_ids: [first.id, dans.id, UNKNOWN_ID, second.id], input: { name: 'Cleo' } });

      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [
          { workflow_id: first.id, success: true, execution_id: expect.any(String) },
          { workflow_id: dans.id, success: false, error: NOT_FOUND },
          { workflow_id: UNKNOWN_ID, success: false, error: NOT_FOUND },
          { workflow_id: second.id, success: true, execution_id: expect.any(String) },
        ],
        succeeded: 2,
        failed: 2,
      });
      for (const [item, workflow] of [
        [res.body.items[0], first],
        [res.body.items[3], second],
      ] as const) {
        const done = await completed(String(item.execution_id), cleo);
        expect(done).toMatchObject({ workflow_id: workflow.id, trigger: 'api', input: { name: 'Cleo' }, output: 'Hello Cleo', success: true });
      }
      expect(await executionsOf(cleo)).toBe(2);
      expect(await executionsOf(dan)).toBe(0);
    });

    it('When no input is sent, Then each run gets {}', async () => {
      const erin = await signUp(app.platformUrl);
      const own = await greeter(erin);
      const res = await batch('execute', erin, { workflow_ids: [own.id] });
      expect(res.body).toMatchObject({ succeeded: 1, failed: 0 });
      expect(await completed(String(res.body.items[0].execution_id), erin)).toMatchObject({ input: {}, output: 'Hello ' });
    });

    it(`When more ids are sent than EXECUTIONS_PER_MINUTE (${STARTS_PER_MINUTE}) allows, Then the first ${STARTS_PER_MINUTE} start and the rest are rate_limited, and single executes are refused too`, async () => {
      const fay = await signUp(app.platformUrl);
      const owned: WorkflowBody[] = [];
      for (let i = 0; i < STARTS_PER_MINUTE + 2; i++) owned.push(await greeter(fay, `W${i}`));

      const res = await batch('execute', fay, { workflow_ids: owned.map((workflow) => workflow.id) });

      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ succeeded: STARTS_PER_MINUTE, failed: 2 });
      expect(res.body.items.map((item) => item.success)).toEqual([true, true, true, true, false, false]);
      for (const item of res.body.items.slice(STARTS_PER_MINUTE)) {
        expect(item).toEqual({
          workflow_id: item.workflow_id,
          success: false,
          error: { error: 'rate_limited', message: expect.stringMatching(/^At most 4 executions may be started per minute/) },
        });
      }
      expect(await executionsOf(fay)).toBe(STARTS_PER_MINUTE);
      const single: HttpResult = await workflows.call('POST', `/${owned[0].id}/execute`, fay, { async: true });
      expect(single.status).toBe(429);
    });

    it("When an admin executes another user's workflow, Then it runs", async () => {
      const gus = await signUp(app.platformUrl);
      const own = await greeter(gus);
      const res = await batch('execute', admin, { workflow_ids: [own.id], input: { name: 'Gus' } });
      expect(res.body).toMatchObject({ items: [{ workflow_id: own.id, success: true }], succeeded: 1, failed: 0 });
      expect(await completed(String(res.body.items[0].execution_id), admin)).toMatchObject({ workflow_id: own.id, output: 'Hello Gus' });
    });
  });
});
