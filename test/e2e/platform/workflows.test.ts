import { SCHEDULE_REPOSITORY, ScheduleRepository } from '../../../core/ports/schedule-repository.port';
import { aSchedule } from '../../fixtures/schedules/schedule.mother';
import { ISO_INSTANT, UUID_PATTERN } from '../../support/agents-api';
import { request } from '../../support/http-client';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { Json, templateWorkflow, UNKNOWN_ID, WorkflowBody, workflowsApi } from '../../support/workflows-api';

/** Workflows API: the record, validation on save, the list, delete with its dependants, export and import, validate. */
describe('Platform Workflows API: records, list, delete, export/import, validate', () => {
  let app: StartedApp;
  let api: ReturnType<typeof workflowsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;
  let admin: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ ADMIN_EMAILS: 'root@example.com', ADMIN_INITIAL_PASSWORD: TEST_PASSWORD });
    api = workflowsApi(app.platformUrl);
    [ada, bob, admin] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl), logIn(app.platformUrl, 'root@example.com')]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const hello = templateWorkflow('Greeter', 'Hello {{input.name}}', 'Greets by name');

  describe('authentication', () => {
    it.each([
      ['GET', ''],
      ['POST', ''],
      ['POST', '/validate'],
      ['POST', '/import'],
      ['GET', `/${UNKNOWN_ID}`],
      ['PUT', `/${UNKNOWN_ID}`],
      ['DELETE', `/${UNKNOWN_ID}`],
      ['GET', `/${UNKNOWN_ID}/export`],
      ['POST', `/${UNKNOWN_ID}/execute`],
      ['GET', `/${UNKNOWN_ID}/versions`],
      ['GET', `/${UNKNOWN_ID}/versions/1`],
      ['POST', `/${UNKNOWN_ID}/versions/1/rollback`],
      ['GET', `/${UNKNOWN_ID}/versions/1/diff/2`],
      ['GET', '/templates'],
      ['GET', '/templates/summarize-url'],
      ['POST', '/templates/summarize-url/create'],
    ])('When %s /workflows%s is called without a token, Then it is 401', async (method, path) => {
      const res = await api.call(method, path, undefined, method === 'POST' || method === 'PUT' ? hello : undefined);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });
  });

  describe('POST /workflows', () => {
    it('When a valid body is sent, Then the workflow comes back at version 1 with nodes (positions included) and edges as sent', async () => {
      const res = await api.call<WorkflowBody>('POST', '', ada, { ...hello, name: '  Greeter  ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID_PATTERN),
        owner_id: ada.id,
        name: 'Greeter',
        description: 'Greets by name',
        nodes: hello.nodes,
        edges: hello.edges,
        version: 1,
        created_at: expect.stringMatching(ISO_INSTANT),
        updated_at: res.body.created_at,
      });
      expect((await api.call('GET', `/${res.body.id}`, ada)).body).toEqual(res.body);
    });

    it('When the body sets id, owner, version, times or unknown fields (also on nodes), Then they are ignored', async () => {
      const forged = {
        ...hello,
        id: '11111111-1111-4111-8111-111111111111',
        owner_id: bob.id,
        version: 42,
        created_at: '2000-01-01T00:00:00.000Z',
        updated_at: '2000-01-01T00:00:00.000Z',
        nodes: [{ ...(hello.nodes as Json[])[0], secret: 'x', position: { x: 1, y: 2, z: 3 } }, ...(hello.nodes as Json[]).slice(1)],
      };
      const res = await api.call<WorkflowBody>('POST', '', ada, forged);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ owner_id: ada.id, version: 1 });
      expect(res.body.id).not.toBe(forged.id);
      expect(res.body.created_at).not.toBe(forged.created_at);
      expect(res.body.nodes[0]).toEqual({ id: 'start', type: 'start', position: { x: 1, y: 2 } });
    });

    it('When the graph is invalid, Then it is 422 with every issue tied to its node, and nothing is stored', async () => {
      const before = (await api.list(ada)).body.total;
      const res = await api.call<Json>('POST', '', ada, {
        name: '',
        nodes: [
          { id: 'start', type: 'start' },
          { id: 'ask', type: 'llm', config: {} },
          { id: 'end', type: 'end' },
        ],
        edges: [
          { source: 'start', target: 'ask' },
          { source: 'ask', target: 'nowhere' },
        ],
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        error: 'validation_error',
        message: expect.stringMatching(/^The workflow is not valid: /),
        details: expect.arrayContaining([
          { node_id: null, field: 'name', message: 'must be 1 to 200 characters' },
          { node_id: 'ask', field: 'nodes[1].config.prompt', message: 'must be a string template' },
          { node_id: null, field: 'edges[1].target', message: 'names no node ("nowhere")' },
        ]),
      });
      expect((await api.list(ada)).body.total).toBe(before);
    });

    it('When a node position is not {x, y} numbers, Then it is 422 naming the node', async () => {
      const nodes = [{ id: 'start', type: 'start', position: { x: 'left', y: 0 } }, (hello.nodes as Json[])[1], (hello.nodes as Json[])[2]];
      const res = await api.call<Json>('POST', '', ada, { ...hello, nodes });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field: 'nodes[0].position.x' })] });
    });

    it('When nodes or edges are missing, Then it is 422 in the contract shape', async () => {
      const res = await api.call<Json>('POST', '', ada, { name: 'No graph' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: expect.arrayContaining([expect.objectContaining({ field: 'nodes' })]) });
    });
  });

  describe('GET and PUT /workflows/{id}', () => {
    it('When the owner replaces the workflow, Then it is the next version and reads back the same', async () => {
      const created = await api.create(ada, hello);
      const res = await api.call<WorkflowBody>('PUT', `/${created.id}`, ada, {
        ...templateWorkflow('Greeter 2', 'Hi {{input.name}}'),
        version: 99,
        owner_id: bob.id,
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...created,
        name: 'Greeter 2',
        description: '',
        nodes: templateWorkflow('x', 'Hi {{input.name}}').nodes,
        version: 2,
        updated_at: expect.stringMatching(ISO_INSTANT),
      });
      expect((await api.call('GET', `/${created.id}`, ada)).body).toEqual(res.body);
    });

    it('When the update is invalid, Then it is 422 and the workflow is unchanged', async () => {
      const created = await api.create(ada, hello);
      const res = await api.call<Json>('PUT', `/${created.id}`, ada, { ...hello, edges: [] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: expect.arrayContaining([expect.objectContaining({ node_id: 'greet' })]) });
      expect((await api.call('GET', `/${created.id}`, ada)).body).toEqual(created);
    });

    it("When another user reads, replaces or deletes someone's workflow, Then it is 404 and nothing changes", async () => {
      const created = await api.create(ada, hello);
      for (const res of [
        await api.call<Json>('GET', `/${created.id}`, bob),
        await api.call<Json>('PUT', `/${created.id}`, bob, hello),
        await api.call<Json>('DELETE', `/${created.id}`, bob),
        await api.call<Json>('GET', `/${created.id}/export`, bob),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
      }
      expect((await api.call('GET', `/${created.id}`, ada)).body).toEqual(created);
    });

    it('When the id is unknown, Then 404; when it is not a UUID, Then 404 of no route', async () => {
      expect((await api.call('GET', `/${UNKNOWN_ID}`, ada)).body).toEqual({ error: 'not_found', message: expect.any(String) });
      expect((await api.call('PUT', `/${UNKNOWN_ID}`, ada, hello)).status).toBe(404);
      const notUuid = await api.call('GET', '/not-a-uuid', ada);
      expect(notUuid.status).toBe(404);
      expect(notUuid.body).toEqual({ error: 'not_found', message: 'No such route' });
    });

    it("When an admin reads and replaces another user's workflow, Then it works and the owner stays", async () => {
      const created = await api.create(ada, hello);
      expect((await api.call('GET', `/${created.id}`, admin)).body).toEqual(created);
      const res = await api.call<WorkflowBody>('PUT', `/${created.id}`, admin, templateWorkflow('By admin', 'x'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ owner_id: ada.id, name: 'By admin', version: 2 });
    });
  });

  describe('GET /workflows', () => {
    it('When listed, Then only the caller’s workflows come, newest first, in the shared page shape, searchable by name or description', async () => {
      const carol = await signUp(app.platformUrl);
      const tag = Math.random().toString(36).slice(2, 8);
      const first = await api.create(carol, templateWorkflow(`Alpha ${tag}`, 'a'));
      const second = await api.create(carol, templateWorkflow('Beta', 'b', `About ${tag.toUpperCase()} 100%`));
      const third = await api.create(carol, templateWorkflow('Gamma', 'c'));
      await api.create(bob, templateWorkflow(`Alpha ${tag} of Bob`, 'a'));

      const page = await api.list(carol, 'page_size=2');
      expect(page.status).toBe(200);
      expect({ ...page.body, items: page.body.items.map((item) => item.id) }).toEqual({ items: [third.id, second.id], total: 3, page: 1, page_size: 2 });
      expect((await api.list(carol, 'page=2&page_size=2')).body.items).toEqual([first]);
      const found = await api.list(carol, `search=${tag}`);
      expect({ ...found.body, items: found.body.items.map((item) => item.id) }).toEqual({ items: [second.id, first.id], total: 2, page: 1, page_size: 20 });
      expect((await api.list(carol, `search=${encodeURIComponent('0%')}`)).body.items.map((item) => item.id)).toEqual([second.id]);
      expect((await api.list(carol, 'search=_')).body.total).toBe(0);
    });

    it('When an admin lists, Then every user’s workflows come', async () => {
      const tag = Math.random().toString(36).slice(2, 8);
      const adas = await api.create(ada, templateWorkflow(`Ada ${tag}`, 'a'));
      const bobs = await api.create(bob, templateWorkflow(`Bob ${tag}`, 'b'));
      expect((await api.list(admin, `search=${tag}`)).body.items.map((item) => item.id)).toEqual([bobs.id, adas.id]);
    });

    it('When pagination or search is out of bounds, Then 422 names each field', async () => {
      const res = await api.list(ada, `page=0&page_size=101&search=${'x'.repeat(201)}`);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: expect.arrayContaining([
          expect.objectContaining({ field: 'page' }),
          expect.objectContaining({ field: 'page_size' }),
          expect.objectContaining({ field: 'search' }),
        ]),
      });
    });
  });

  describe('DELETE /workflows/{id}', () => {
    it('When the owner deletes a workflow with versions, executions and a schedule, Then 204 and all of them are gone', async () => {
      const created = await api.create(ada, hello);
      await api.update(ada, created.id, templateWorkflow('v2', 'two'));
      const run = await api.call<{ id: string }>('POST', `/${created.id}/execute`, ada, { input: { name: 'Ada' } });
      expect(run.status).toBe(200);
      const schedules = app.services.app.container.get<ScheduleRepository>(SCHEDULE_REPOSITORY);
      const schedule = aSchedule({ ownerId: ada.id, targetType: 'workflow', targetId: created.id });
      await schedules.create(schedule);

      const res = await api.call('DELETE', `/${created.id}`, ada);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect((await api.call('GET', `/${created.id}`, ada)).status).toBe(404);
      expect((await api.call('GET', `/${created.id}/versions/1`, ada)).status).toBe(404);
      expect((await request('GET', `${app.platformUrl}/api/v1/executions/${run.body.id}`, { token: ada.token })).status).toBe(404);
      expect(await schedules.findById(schedule.id)).toBeUndefined();
      expect((await api.call('DELETE', `/${created.id}`, ada)).status).toBe(404);
    });

    it("When an admin deletes another user's workflow, Then 204", async () => {
      const created = await api.create(ada, hello);
      expect((await api.call('DELETE', `/${created.id}`, admin)).status).toBe(204);
      expect((await api.call('GET', `/${created.id}`, ada)).status).toBe(404);
    });
  });

  describe('export and import', () => {
    it('When exported, Then the file holds the body fields, the version and the export time, as an attachment', async () => {
      const created = await api.create(ada, hello);
      const updated = await api.update(ada, created.id, { ...hello, name: 'Greeter (v2)' });
      const res = await api.call<Json>('GET', `/${created.id}/export`, ada);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="greeter-v2.workflow.json"');
      expect(res.body).toEqual({
        name: 'Greeter (v2)',
        description: 'Greets by name',
        nodes: hello.nodes,
        edges: hello.edges,
        version: updated.version,
        exported_at: expect.stringMatching(ISO_INSTANT),
      });
    });

    it("When another user imports the file, Then it is a new workflow of theirs at version 1, the file's id, owner and version unread", async () => {
      const created = await api.create(ada, hello);
      const file = (await api.call<Json>('GET', `/${created.id}/export`, ada)).body;
      const res = await api.call<WorkflowBody>('POST', '/import', bob, { ...file, id: created.id, owner_id: ada.id, version: 7 });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID_PATTERN),
        owner_id: bob.id,
        name: 'Greeter',
        description: 'Greets by name',
        nodes: hello.nodes,
        edges: hello.edges,
        version: 1,
        created_at: expect.stringMatching(ISO_INSTANT),
        updated_at: res.body.created_at,
      });
      expect(res.body.id).not.toBe(created.id);
      expect((await api.call('GET', `/${created.id}`, ada)).body).toEqual(created);
    });

    it('When the imported file holds an invalid graph, Then 422 and nothing is stored', async () => {
      const before = (await api.list(bob)).body.total;
      const res = await api.call<Json>('POST', '/import', bob, { name: 'Broken', nodes: [{ id: 'x', type: 'shell' }], edges: [] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: expect.arrayContaining([expect.objectContaining({ node_id: 'x', field: 'nodes[0].type' })]),
      });
      expect((await api.list(bob)).body.total).toBe(before);
    });
  });

  describe('POST /workflows/validate', () => {
    it('When the graph is valid, Then {valid: true, errors: []}', async () => {
      const res = await api.call('POST', '/validate', ada, { nodes: hello.nodes, edges: hello.edges });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ valid: true, errors: [] });
    });

    it('When the graph has problems, Then 200 {valid: false} listing each with its node, and nothing is stored', async () => {
      const before = (await api.list(ada)).body.total;
      const res = await api.call('POST', '/validate', ada, {
        nodes: [{ id: 'start', type: 'start' }, { id: 'ask', type: 'llm', config: { prompt: '' } }, 'junk'],
        edges: [{ source: 'start', target: 'ask' }],
      });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        valid: false,
        errors: expect.arrayContaining([
          { node_id: 'ask', field: 'nodes[1].config.prompt', message: 'must not be empty' },
          { node_id: null, field: 'nodes[2]', message: 'must be an object with id and type' },
          { node_id: null, field: 'nodes', message: 'must hold at least one end node' },
        ]),
      });
      expect((await api.list(ada)).body.total).toBe(before);
    });

    it('When nodes or edges are not arrays, Then 422 in the contract shape', async () => {
      const res = await api.call('POST', '/validate', ada, { nodes: 'x' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error' });
    });
  });
});
