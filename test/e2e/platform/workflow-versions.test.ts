import { ISO_INSTANT } from '../../support/agents-api';
import { logIn, PlatformUser, signUp, TEST_PASSWORD } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { Json, UNKNOWN_ID, WorkflowBody, workflowsApi } from '../../support/workflows-api';

const start = { id: 'start', type: 'start' };
const end = { id: 'end', type: 'end' };

/** Version 1: start → check → (true) shout → end, (false) end. */
const first: Json = {
  name: 'Router',
  description: 'Routes by size',
  nodes: [
    start,
    { id: 'check', type: 'condition', config: { left: '{{input.n}}', operator: 'greater_than', right: '10' } },
    { id: 'shout', type: 'template', config: { template: 'BIG {{input.n}}' }, position: { x: 10, y: 20 } },
    end,
  ],
  edges: [
    { source: 'start', target: 'check' },
    { source: 'check', target: 'shout', condition: 'true' },
    { source: 'check', target: 'end', condition: 'false' },
    { source: 'shout', target: 'end' },
  ],
};

/** Version 2: renamed, `shout` reworded and moved, the false branch now goes through a new `quiet` node. */
const second: Json = {
  name: 'Size router',
  description: 'Routes by size',
  nodes: [
    start,
    { id: 'check', type: 'condition', config: { left: '{{input.n}}', operator: 'greater_than', right: '10' } },
    { id: 'shout', type: 'template', config: { template: 'LARGE {{input.n}}' }, position: { x: 30, y: 20 } },
    { id: 'quiet', type: 'template', config: { template: 'small {{input.n}}' } },
    end,
  ],
  edges: [
    { source: 'start', target: 'check' },
    { source: 'check', target: 'shout', condition: 'true' },
    { source: 'check', target: 'quiet', condition: 'false' },
    { source: 'quiet', target: 'end' },
    { source: 'shout', target: 'end' },
  ],
};

/** Versions: every save is one, a version is readable, rollback adds one, diff compares two. */
describe('Platform Workflows API: versions, rollback and diff', () => {
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

  /** A workflow of Ada's at version 3: first, second, then first renamed "Router 3". */
  const withHistory = async (): Promise<WorkflowBody> => {
    const created = await api.create(ada, first);
    await api.update(ada, created.id, second);
    return api.update(ada, created.id, { ...first, name: 'Router 3' });
  };

  describe('GET /workflows/{id}/versions', () => {
    it('When listed, Then every version comes newest first without its graph, in the shared page shape', async () => {
      const workflow = await withHistory();
      const res = await api.call('GET', `/${workflow.id}/versions`, ada);
      expect(res.status).toBe(200);
      const summary = (version: number, name: string, nodes: number, edges: number) => ({
        workflow_id: workflow.id,
        version,
        name,
        description: 'Routes by size',
        node_count: nodes,
        edge_count: edges,
        created_at: expect.stringMatching(ISO_INSTANT),
      });
      expect(res.body).toEqual({
        items: [summary(3, 'Router 3', 4, 4), summary(2, 'Size router', 5, 5), summary(1, 'Router', 4, 4)],
        total: 3,
        page: 1,
        page_size: 20,
      });
      const paged = await api.call<{ items: Array<{ version: number }> }>('GET', `/${workflow.id}/versions?page=2&page_size=2`, ada);
      expect(paged.body).toMatchObject({ items: [{ version: 1 }], total: 3, page: 2, page_size: 2 });
    });

    it('When the page size is out of bounds, Then 422', async () => {
      const workflow = await api.create(ada, first);
      const res = await api.call('GET', `/${workflow.id}/versions?page_size=101`, ada);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field: 'page_size' })] });
    });
  });

  describe('GET /workflows/{id}/versions/{v}', () => {
    it('When a version is read, Then it holds the name, description, nodes and edges saved then', async () => {
      const workflow = await withHistory();
      const res = await api.call('GET', `/${workflow.id}/versions/2`, ada);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ workflow_id: workflow.id, version: 2, ...second, created_at: expect.stringMatching(ISO_INSTANT) });
    });

    it('When the version does not exist, Then 404 in the contract shape', async () => {
      const workflow = await api.create(ada, first);
      for (const v of ['2', '0', '-1']) {
        const res = await api.call('GET', `/${workflow.id}/versions/${v}`, ada);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
      }
    });
  });

  describe('POST /workflows/{id}/versions/{v}/rollback', () => {
    it('When rolled back to version 2, Then a new version 4 equal to it is added and versions 1 to 3 are unchanged', async () => {
      const workflow = await withHistory();
      const before = await Promise.all([1, 2, 3].map((v) => api.call('GET', `/${workflow.id}/versions/${v}`, ada)));

      const res = await api.call<WorkflowBody>('POST', `/${workflow.id}/versions/2/rollback`, ada);

      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...workflow, ...second, version: 4, updated_at: expect.stringMatching(ISO_INSTANT) });
      expect((await api.call('GET', `/${workflow.id}`, ada)).body).toEqual(res.body);
      expect((await api.call('GET', `/${workflow.id}/versions/4`, ada)).body).toMatchObject({ version: 4, ...second });
      const after = await Promise.all([1, 2, 3].map((v) => api.call('GET', `/${workflow.id}/versions/${v}`, ada)));
      expect(after.map((r) => r.body)).toEqual(before.map((r) => r.body));
      expect((await api.call('GET', `/${workflow.id}/versions`, ada)).body).toMatchObject({ total: 4 });
    });

    it('When the version does not exist, Then 404 and no version is added', async () => {
      const workflow = await api.create(ada, first);
      expect((await api.call('POST', `/${workflow.id}/versions/9/rollback`, ada)).status).toBe(404);
      expect((await api.call('GET', `/${workflow.id}`, ada)).body).toEqual(workflow);
    });
  });

  describe('GET /workflows/{id}/versions/{a}/diff/{b}', () => {
    it('When versions 1 and 2 are compared, Then the name change and the added, removed and changed nodes and edges are listed', async () => {
      const workflow = await withHistory();
      const res = await api.call('GET', `/${workflow.id}/versions/1/diff/2`, ada);
      expect(res.status).toBe(200);
      const nodes = (body: Json) => body.nodes as Json[];
      const edges = (body: Json) => body.edges as Json[];
      expect(res.body).toEqual({
        workflow_id: workflow.id,
        from: 1,
        to: 2,
        name: { from: 'Router', to: 'Size router' },
        description: null,
        nodes: {
          added: [nodes(second)[3]],
          removed: [],
          changed: [{ id: 'shout', from: nodes(first)[2], to: nodes(second)[2] }],
        },
        edges: {
          added: [edges(second)[2], edges(second)[3]],
          removed: [edges(first)[2]],
          changed: [],
        },
      });
    });

    it('When a version is compared with itself, Then nothing changed; the other way round, Then added and removed swap', async () => {
      const workflow = await withHistory();
      const same = await api.call<Json>('GET', `/${workflow.id}/versions/2/diff/2`, ada);
      expect(same.body).toMatchObject({
        name: null,
        description: null,
        nodes: { added: [], removed: [], changed: [] },
        edges: { added: [], removed: [], changed: [] },
      });
      const back = await api.call<{ nodes: Json; edges: Json }>('GET', `/${workflow.id}/versions/2/diff/1`, ada);
      expect(back.body.nodes).toMatchObject({ added: [], removed: [{ id: 'quiet' }] });
      expect(back.body.edges).toMatchObject({
        added: [{ source: 'check', target: 'end' }],
        removed: [
          { source: 'check', target: 'quiet' },
          { source: 'quiet', target: 'end' },
        ],
      });
    });

    it('When an edge only changes its branch, Then it is listed as changed', async () => {
      const created = await api.create(ada, first);
      const swapped = {
        ...first,
        edges: (first.edges as Json[]).map((e) => (e.condition ? { ...e, condition: e.condition === 'true' ? 'false' : 'true' } : e)),
      };
      await api.update(ada, created.id, swapped);
      const res = await api.call<{ edges: Json }>('GET', `/${created.id}/versions/1/diff/2`, ada);
      expect(res.body.edges).toEqual({
        added: [],
        removed: [],
        changed: [
          {
            source: 'check',
            target: 'shout',
            from: { source: 'check', target: 'shout', condition: 'true' },
            to: { source: 'check', target: 'shout', condition: 'false' },
          },
          {
            source: 'check',
            target: 'end',
            from: { source: 'check', target: 'end', condition: 'false' },
            to: { source: 'check', target: 'end', condition: 'true' },
          },
        ],
      });
    });

    it('When a version of the diff does not exist, Then 404', async () => {
      const workflow = await api.create(ada, first);
      expect((await api.call('GET', `/${workflow.id}/versions/1/diff/5`, ada)).status).toBe(404);
    });
  });

  describe('access', () => {
    it("When another user lists, reads, rolls back or compares someone's versions, Then every call is 404 and nothing changes", async () => {
      const workflow = await withHistory();
      for (const [method, path] of [
        ['GET', '/versions'],
        ['GET', '/versions/1'],
        ['POST', '/versions/1/rollback'],
        ['GET', '/versions/1/diff/2'],
      ]) {
        const res = await api.call(method, `/${workflow.id}${path}`, bob);
        expect(res.status).toBe(404);
        expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
      }
      expect((await api.call('GET', `/${workflow.id}`, ada)).body).toEqual(workflow);
      expect((await api.call('GET', `/${UNKNOWN_ID}/versions`, ada)).status).toBe(404);
    });

    it("When an admin rolls back another user's workflow, Then it works and the owner stays", async () => {
      const workflow = await withHistory();
      expect((await api.call('GET', `/${workflow.id}/versions`, admin)).body).toMatchObject({ total: 3 });
      const res = await api.call<WorkflowBody>('POST', `/${workflow.id}/versions/1/rollback`, admin);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ owner_id: ada.id, version: 4, name: 'Router' });
    });
  });
});
