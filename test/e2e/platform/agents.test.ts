import { defaultWorkflowConfig } from '../../../core/domain/agent/agent-defaults';
import { AgentBody, agentsApi, aModelConfigOf, ISO_INSTANT, Json, UUID_PATTERN } from '../../support/agents-api';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

/** Agents API: the record, its defaults and validation, updates and versions, the list (sharing is in agents-sharing.test.ts). */
describe('Platform Agents API: records, versions and the list', () => {
  let app: StartedApp;
  let api: ReturnType<typeof agentsApi>;
  let ada: PlatformUser;

  beforeAll(async () => {
    app = await startApp({ LLM_MODEL: 'house-model' });
    api = agentsApi(app.platformUrl);
    ada = await signUp(app.platformUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const fullPayload = {
    name: 'Research helper',
    description: 'Finds sources.',
    system_prompt: 'You are careful.',
    model_config: { provider: 'anthropic', model_name: 'claude-3-5-haiku-latest', temperature: 1.2 },
    iteration_limit: 5,
    include_tools: ['calculator', 'web_search'],
    workflow_config: {
      nodes: [
        { id: 'start', type: 'start', label: 'Start' },
        { id: 'end', type: 'end', label: 'End' },
      ],
      edges: [{ source: 'start', target: 'end' }],
    },
  };

  describe('authentication', () => {
    it.each([
      ['GET', ''],
      ['POST', ''],
      ['POST', '/import'],
      ['GET', '/00000000-0000-4000-8000-000000000000'],
      ['PUT', '/00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/00000000-0000-4000-8000-000000000000'],
      ['POST', '/00000000-0000-4000-8000-000000000000/deploy'],
      ['POST', '/00000000-0000-4000-8000-000000000000/stop'],
      ['POST', '/00000000-0000-4000-8000-000000000000/duplicate'],
      ['GET', '/00000000-0000-4000-8000-000000000000/export'],
      ['POST', '/00000000-0000-4000-8000-000000000000/create-main-agent'],
    ])('When %s /agents%s is called without a token, Then it is 401', async (method, path) => {
      const res = await api.call(method, path, undefined, method === 'POST' || method === 'PUT' ? { name: 'x' } : undefined);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'unauthorized', message: expect.any(String) });
    });
  });

  describe('POST /agents', () => {
    it('When only a name is sent, Then a draft at version 1 comes back with the defaults of the configuration', async () => {
      const res = await api.call<AgentBody>('POST', '', ada, { name: '  Minimal  ' });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        id: expect.stringMatching(UUID_PATTERN),
        owner_id: ada.id,
        name: 'Minimal',
        description: '',
        system_prompt: '',
        model_config: { provider: 'offline', model_name: 'house-model', temperature: 0.7, model_config_id: null },
        iteration_limit: 10,
        include_tools: [],
        workflow_config: defaultWorkflowConfig(),
        max_llm_calls: null,
        max_total_tokens: null,
        knowledge_base_ids: [],
        self_review: false,
        status: 'draft',
        version: 1,
        is_main_agent: false,
        created_at: expect.stringMatching(ISO_INSTANT),
        updated_at: res.body.created_at,
      });
      expect((await api.call('GET', `/${res.body.id}`, ada)).body).toEqual(res.body);
    });

    it('When every field is sent, Then each is stored as sent and reads back the same', async () => {
      const modelConfigId = (await aModelConfigOf(app.platformUrl, ada)).toUpperCase();
      const res = await api.call<AgentBody>('POST', '', ada, { ...fullPayload, model_config: { ...fullPayload.model_config, model_config_id: modelConfigId } });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        ...fullPayload,
        model_config: { ...fullPayload.model_config, model_config_id: modelConfigId.toLowerCase() },
        status: 'draft',
        version: 1,
      });
      expect((await api.call('GET', `/${res.body.id}`, ada)).body).toEqual(res.body);
    });

    it("When model_config names another user's model configuration, Then it is 422 and nothing is stored", async () => {
      const bobs = await aModelConfigOf(app.platformUrl, await signUp(app.platformUrl));
      const before = (await api.list(ada)).body.total;
      const res = await api.call<Json>('POST', '', ada, { name: 'Borrower', model_config: { provider: 'offline', model_name: 'm', model_config_id: bobs } });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        error: 'validation_error',
        details: [{ field: 'model_config.model_config_id', message: 'must name one of your model configurations' }],
      });
      expect((await api.list(ada)).body.total).toBe(before);
    });

    it('When the body sets id, owner, status, version, main flag, times or unknown fields, Then they are ignored', async () => {
      const forged = {
        name: 'Forged',
        id: '11111111-1111-4111-8111-111111111111',
        owner_id: '22222222-2222-4222-8222-222222222222',
        status: 'deployed',
        version: 99,
        is_main_agent: true,
        created_at: '2000-01-01T00:00:00.000Z',
        updated_at: '2000-01-01T00:00:00.000Z',
        role: 'admin',
      };
      const res = await api.call<AgentBody>('POST', '', ada, forged);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ owner_id: ada.id, status: 'draft', version: 1, is_main_agent: false });
      expect(res.body.id).not.toBe(forged.id);
      expect(res.body.created_at).not.toBe(forged.created_at);
      expect(res.body).not.toHaveProperty('role');
      expect((await api.call('GET', `/${forged.id}`, ada)).status).toBe(404);
    });

    it.each<[string, Json, Array<{ field: string; message: string }>]>([
      ['no name', { description: 'x' }, [{ field: 'name', message: expect.any(String) }]],
      ['a blank name', { name: '   ' }, [{ field: 'name', message: 'must be 1 to 100 characters' }]],
      ['a name of 101 characters', { name: 'n'.repeat(101) }, [{ field: 'name', message: 'must be 1 to 100 characters' }]],
      ['a long description', { name: 'a', description: 'd'.repeat(2001) }, [{ field: 'description', message: 'must be a string of at most 2000 characters' }]],
      [
        'a long system prompt',
        { name: 'a', system_prompt: 'p'.repeat(16_001) },
        [{ field: 'system_prompt', message: 'must be a string of at most 16000 characters' }],
      ],
      [
        'a temperature of 2.5',
        { name: 'a', model_config: { provider: 'openai', model_name: 'gpt-4o', temperature: 2.5 } },
        [{ field: 'model_config.temperature', message: 'must be a number from 0 to 2' }],
      ],
      [
        'a model config without its model',
        { name: 'a', model_config: { provider: 'openai', model_name: ' ' } },
        [{ field: 'model_config.model_name', message: 'must be 1 to 128 characters' }],
      ],
      [
        'a model config id that is no UUID',
        { name: 'a', model_config: { provider: 'openai', model_name: 'm', model_config_id: '42' } },
        [{ field: 'model_config.model_config_id', message: 'must be a UUID' }],
      ],
      ['an iteration limit of 0', { name: 'a', iteration_limit: 0 }, [{ field: 'iteration_limit', message: 'must be an integer from 1 to 50' }]],
      ['an iteration limit of 51', { name: 'a', iteration_limit: 51 }, [{ field: 'iteration_limit', message: 'must be an integer from 1 to 50' }]],
      ['a fractional iteration limit', { name: 'a', iteration_limit: 2.5 }, [{ field: 'iteration_limit', message: expect.any(String) }]],
      ['a repeated tool', { name: 'a', include_tools: ['calculator', 'calculator'] }, [{ field: 'include_tools[1]', message: 'duplicates include_tools[0]' }]],
      [
        '101 tools',
        { name: 'a', include_tools: Array.from({ length: 101 }, (_, i) => `tool_${i}`) },
        [{ field: 'include_tools', message: 'must be an array of at most 100 tool ids' }],
      ],
      ['an empty tool id', { name: 'a', include_tools: [''] }, [{ field: 'include_tools[0]', message: 'must be a tool id of 1 to 128 characters' }]],
      [
        'an edge to no node',
        { name: 'a', workflow_config: { nodes: [{ id: 'start', type: 'start' }], edges: [{ source: 'start', target: 'nowhere' }] } },
        [{ field: 'workflow_config.edges[0].target', message: 'must be the id of a node' }],
      ],
      [
        'two nodes with one id',
        {
          name: 'a',
          workflow_config: {
            nodes: [
              { id: 'n', type: 'agent' },
              { id: 'n', type: 'end' },
            ],
            edges: [],
          },
        },
        [{ field: 'workflow_config.nodes[1].id', message: 'duplicates workflow_config.nodes[0].id' }],
      ],
      [
        '201 nodes',
        { name: 'a', workflow_config: { nodes: Array.from({ length: 201 }, (_, i) => ({ id: `n${i}`, type: 'agent' })), edges: [] } },
        [{ field: 'workflow_config.nodes', message: 'must be an array of at most 200 nodes' }],
      ],
      [
        'a graph of more than 60,000 bytes',
        {
          name: 'a',
          workflow_config: {
            nodes: Array.from({ length: 200 }, (_, i) => ({ id: `n${i}`, type: 'agent', label: 'l'.repeat(200), config: { p: 'x'.repeat(200) } })),
            edges: [],
          },
        },
        [{ field: 'workflow_config', message: 'must be at most 60000 bytes of JSON' }],
      ],
    ])('When the payload has %s, Then it is 422 naming the field', async (_what, body, details) => {
      const res = await api.call('POST', '', ada, body);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'validation_error', message: expect.any(String), details });
    });

    it('When several fields are wrong, Then every one is named at once', async () => {
      const res = await api.call<{ details: Array<{ field: string }> }>('POST', '', ada, { name: '', iteration_limit: 99, include_tools: ['a', 'a'] });
      expect(res.status).toBe(422);
      expect(res.body.details.map((d) => d.field)).toEqual(['name', 'iteration_limit', 'include_tools[1]']);
    });
  });

  describe('GET /agents/{id}', () => {
    it('When the id is unknown or not an id at all, Then it is 404', async () => {
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        expect(await api.call('GET', `/${id}`, ada)).toMatchObject({ status: 404, body: { error: 'not_found', message: expect.any(String) } });
      }
    });
  });

  describe('PUT /agents/{id} and versions', () => {
    it('When an agent is updated twice, Then its version goes 1 → 3 and every version stays readable with its own payload', async () => {
      const first = await api.create(ada, fullPayload);
      const second = await api.call<AgentBody>('PUT', `/${first.id}`, ada, { ...fullPayload, name: 'Second', iteration_limit: 7 });
      expect(second.status).toBe(200);
      expect(second.body).toEqual({ ...first, name: 'Second', iteration_limit: 7, version: 2, updated_at: expect.stringMatching(ISO_INSTANT) });
      const third = await api.call<AgentBody>('PUT', `/${first.id}`, ada, { name: 'Third' });
      expect(third.body).toMatchObject({ name: 'Third', version: 3, description: '', include_tools: [], iteration_limit: 10, created_at: first.created_at });

      expect((await api.call('GET', `/${first.id}`, ada)).body).toEqual(third.body);
      expect((await api.call('GET', `/${first.id}?version=1`, ada)).body).toEqual(first);
      expect((await api.call('GET', `/${first.id}?version=2`, ada)).body).toEqual({ ...second.body, updated_at: second.body.updated_at });
      expect((await api.call('GET', `/${first.id}?version=3`, ada)).body).toEqual(third.body);
      expect((await api.call('GET', `/${first.id}?version=4`, ada)).status).toBe(404);
      expect((await api.call('GET', `/${first.id}?version=0`, ada)).body).toEqual({
        error: 'validation_error',
        message: expect.any(String),
        details: [{ field: 'version', message: 'must be an integer of at least 1' }],
      });
    });

    it('When a PUT sets version, status, owner or main flag, Then they are ignored and the version still goes up by one', async () => {
      const agent = await api.create(ada);
      const res = await api.call<AgentBody>('PUT', `/${agent.id}`, ada, {
        name: 'Renamed',
        version: 42,
        status: 'deployed',
        owner_id: 'x',
        is_main_agent: true,
        id: 'y',
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: agent.id, name: 'Renamed', version: 2, status: 'draft', owner_id: ada.id, is_main_agent: false });
    });

    it('When a PUT is invalid, Then it is 422 and nothing changes', async () => {
      const agent = await api.create(ada);
      const res = await api.call('PUT', `/${agent.id}`, ada, { name: 'ok', iteration_limit: 500 });
      expect(res).toMatchObject({ status: 422, body: { error: 'validation_error', details: [{ field: 'iteration_limit' }] } });
      expect((await api.call('GET', `/${agent.id}`, ada)).body).toEqual(agent);
    });

    it('When an unknown agent is updated, Then it is 404', async () => {
      expect((await api.call('PUT', '/00000000-0000-4000-8000-000000000000', ada, { name: 'x' })).status).toBe(404);
    });
  });

  // Nothing else in this file deploys an agent, so a user's list holds their own agents only.
  describe('GET /agents', () => {
    let cyd: PlatformUser;
    const made: AgentBody[] = [];

    beforeAll(async () => {
      cyd = await signUp(app.platformUrl);
      for (const [i, name] of ['Alpha scout', 'Beta writer', 'alpha reviewer', '100% sure_thing', 'Gamma'].entries()) {
        made.push(await api.create(cyd, { name, description: i === 4 ? 'knows ALPHA' : 'plain' }));
      }
      await api.deploy(cyd, made[1].id);
      await api.call('POST', `/${made[1].id}/stop`, cyd);
    });

    it('When listed with defaults, Then every own agent comes back newest first with the list shape', async () => {
      const res = await api.list(cyd);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [...made].reverse().map((a) => expect.objectContaining({ id: a.id, name: a.name })),
        total: 5,
        page: 1,
        page_size: 20,
        next_cursor: null,
      });
      expect(res.body.items[0]).toEqual((await api.call('GET', `/${made[4].id}`, cyd)).body);
    });

    it('When paged, Then pages follow each other and total stays', async () => {
      const first = await api.list(cyd, 'page=1&page_size=2');
      const third = await api.list(cyd, 'page=3&page_size=2');
      const beyond = await api.list(cyd, 'page=9&page_size=2');
      expect(first.body).toMatchObject({ total: 5, page: 1, page_size: 2 });
      expect(first.body.items.map((a) => a.name)).toEqual(['Gamma', '100% sure_thing']);
      expect(third.body.items.map((a) => a.name)).toEqual(['Alpha scout']);
      expect(beyond.body).toEqual({ items: [], total: 5, page: 9, page_size: 2, next_cursor: null });
    });

    it('When searched, Then name and description match case-insensitively and % and _ are literal', async () => {
      const names = async (query: string) => (await api.list(cyd, query)).body.items.map((a) => a.name);
      expect(await names('search=ALPHA')).toEqual(['Gamma', 'alpha reviewer', 'Alpha scout']);
      expect(await names('search=%25')).toEqual(['100% sure_thing']);
      expect(await names('search=_')).toEqual(['100% sure_thing']);
      expect(await names('search=nothing-like-it')).toEqual([]);
    });

    it('When filtered by status, Then only agents in that status come back', async () => {
      const res = await api.list(cyd, 'status=stopped');
      expect(res.body).toMatchObject({ total: 1, items: [{ id: made[1].id, status: 'stopped' }] });
      expect((await api.list(cyd, 'status=draft&search=alpha')).body.total).toBe(3);
    });

    it.each([
      ['page=0', 'page'],
      ['page_size=101', 'page_size'],
      ['page_size=0', 'page_size'],
      ['status=archived', 'status'],
      [`search=${'s'.repeat(201)}`, 'search'],
    ])('When the list is asked with %s, Then it is 422 naming %s', async (query, field) => {
      const res = await api.list(cyd, query);
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'validation_error', message: expect.any(String), details: [{ field, message: expect.any(String) }] });
    });

    it('When page is not a number, Then it is 422 too', async () => {
      expect((await api.list(cyd, 'page=abc')).status).toBe(422);
    });
  });
});
