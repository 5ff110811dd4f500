import { ISO_INSTANT, UUID_PATTERN } from '../../support/agents-api';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { Json, WorkflowBody, workflowsApi } from '../../support/workflows-api';

interface TemplateSummary {
  id: string;
  name: string;
  description: string;
  category: string;
  node_count: number;
}

/** The built-in template catalogue and creating workflows from it. */
describe('Platform Workflows API: templates', () => {
  let app: StartedApp;
  let api: ReturnType<typeof workflowsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    api = workflowsApi(app.platformUrl);
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe('GET /workflows/templates', () => {
    it('When listed, Then every built-in template comes as {items, total}, each summarised', async () => {
      const res = await api.call<{ items: TemplateSummary[]; total: number }>('GET', '/templates', ada);
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(res.body.items.length);
      expect(res.body.total).toBeGreaterThanOrEqual(8);
      expect(res.body.items).toContainEqual({
        id: 'summarize-url',
        name: 'Summarise a web page',
        description: expect.stringContaining('http node'),
        category: 'web',
        node_count: 7,
      });
      expect(res.body.items.map((item) => item.id)).toEqual(
        expect.arrayContaining(['classify-and-route', 'extract-to-json', 'rag-answer', 'translate-text', 'approval-flow']),
      );
    });
  });

  describe('GET /workflows/templates/{id}', () => {
    it('When read, Then the template comes with its graph and an example input, and the graph validates', async () => {
      const res = await api.call<Json>('GET', '/templates/classify-and-route', ada);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        id: 'classify-and-route',
        category: 'support',
        input_example: { message: expect.any(String) },
        nodes: expect.arrayContaining([expect.objectContaining({ id: 'classify', type: 'classifier' })]),
      });
      const checked = await api.call('POST', '/validate', ada, { nodes: res.body.nodes, edges: res.body.edges });
      expect(checked.body).toEqual({ valid: true, errors: [] });
    });

    it('When the template is unknown, Then 404 in the contract shape', async () => {
      const res = await api.call('GET', '/templates/no-such-template', ada);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: 'Workflow template "no-such-template" not found' });
    });
  });

  describe('POST /workflows/templates/{id}/create', () => {
    it('When created from every template, Then each is a workflow of the caller at version 1 holding the template graph', async () => {
      const list = await api.call<{ items: TemplateSummary[] }>('GET', '/templates', ada);
      for (const summary of list.body.items) {
        const template = (await api.call<Json>('GET', `/templates/${summary.id}`, ada)).body;
        const res = await api.call<WorkflowBody>('POST', `/templates/${summary.id}/create`, ada);
        expect(res.status).toBe(201);
        expect(res.body).toEqual({
          id: expect.stringMatching(UUID_PATTERN),
          owner_id: ada.id,
          name: summary.name,
          description: summary.description,
          nodes: template.nodes,
          edges: template.edges,
          version: 1,
          created_at: expect.stringMatching(ISO_INSTANT),
          updated_at: res.body.created_at,
        });
        expect((await api.call('GET', `/${res.body.id}/versions/1`, ada)).status).toBe(200);
      }
    });

    it('When a name and description are given, Then the workflow takes them; it is invisible to others', async () => {
      const res = await api.call<WorkflowBody>('POST', '/templates/translate-text/create', ada, { name: '  To German  ', description: 'For the shop' });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'To German', description: 'For the shop', owner_id: ada.id });
      expect((await api.call('GET', `/${res.body.id}`, bob)).status).toBe(404);
      expect((await api.list(bob)).body.items.map((item) => item.id)).not.toContain(res.body.id);
    });

    it('When the name is too long, Then 422; when the template is unknown, Then 404; nothing is stored', async () => {
      const before = (await api.list(bob)).body.total;
      const long = await api.call('POST', '/templates/translate-text/create', bob, { name: 'x'.repeat(201) });
      expect(long.status).toBe(422);
      expect(long.body).toMatchObject({ error: 'validation_error', details: [expect.objectContaining({ field: 'name' })] });
      expect((await api.call('POST', '/templates/nope/create', bob)).status).toBe(404);
      expect((await api.list(bob)).body.total).toBe(before);
    });

    it('When a workflow made from a template runs, Then it runs (translate on the offline model)', async () => {
      const created = (await api.call<WorkflowBody>('POST', '/templates/translate-text/create', ada)).body;
      const res = await api.call<Json>('POST', `/${created.id}/execute`, ada, { input: { text: 'Hello', target_language: 'German' } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'completed', target_version: 1 });
    });
  });
});
