import { AgentBody, agentsApi, aModelConfigOf, ISO_INSTANT, Json, UUID_PATTERN } from '../../support/agents-api';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

/** The payload fields of an agent record: everything but id, owner, status, version, main flag and times. */
const payloadOf = ({
  id: _id,
  owner_id: _owner,
  status: _status,
  version: _version,
  is_main_agent: _main,
  created_at: _c,
  updated_at: _u,
  ...payload
}: AgentBody) => payload;

/** Agents API: duplicate, export and import. */
describe('Platform Agents API: duplicate, export and import', () => {
  let app: StartedApp;
  let api: ReturnType<typeof agentsApi>;
  let ada: PlatformUser;
  let bob: PlatformUser;
  const rich = {
    name: 'Support triage',
    description: 'Routes tickets.',
    system_prompt: 'Be brief.',
    model_config: { provider: 'openai', model_name: 'gpt-4o', temperature: 0.3, model_config_id: '' },
    iteration_limit: 4,
    include_tools: ['calculator'],
    max_llm_calls: 12,
    max_total_tokens: 40_000,
    knowledge_base_ids: [] as string[],
    self_review: true,
    workflow_config: {
      nodes: [
        { id: 'start', type: 'start', label: 'Start', position: { x: 0, y: 0 } },
        { id: 'agent', type: 'agent', label: 'Agent', config: { note: 'self' } },
        { id: 'end', type: 'end', label: 'End' },
      ],
      edges: [
        { source: 'start', target: 'agent' },
        { source: 'agent', target: 'end' },
      ],
    },
  };

  beforeAll(async () => {
    app = await startApp();
    api = agentsApi(app.platformUrl);
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
    rich.model_config.model_config_id = await aModelConfigOf(app.platformUrl, ada);
  });
  afterAll(async () => {
    await app?.stop();
  });

  describe('POST /agents/{id}/duplicate', () => {
    it('When Ada duplicates her deployed agent at version 2, Then a new draft at version 1 with the same payload and " (copy)" comes back', async () => {
      const source = await api.create(ada, rich);
      await api.call('PUT', `/${source.id}`, ada, { ...rich, description: 'Second version' });
      const deployed = await api.deploy(ada, source.id);

      const res = await api.call<AgentBody>('POST', `/${source.id}/duplicate`, ada);
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        ...payloadOf(deployed),
        name: 'Support triage (copy)',
        id: expect.stringMatching(UUID_PATTERN),
        owner_id: ada.id,
        status: 'draft',
        version: 1,
        is_main_agent: false,
        created_at: expect.stringMatching(ISO_INSTANT),
        updated_at: res.body.created_at,
      });
      expect(res.body.id).not.toBe(source.id);
      expect((await api.call('GET', `/${res.body.id}?version=1`, ada)).body).toEqual(res.body);

      // A deep copy: changing the copy leaves the source as it was.
      await api.call('PUT', `/${res.body.id}`, ada, { ...rich, workflow_config: { nodes: [], edges: [] } });
      expect((await api.call('GET', `/${source.id}`, ada)).body).toEqual(deployed);
    });

    it("When Bob duplicates Ada's deployed agent, Then the copy is his, without Ada's model configuration", async () => {
      const source = await api.create(ada, rich);
      await api.deploy(ada, source.id);
      const res = await api.call<AgentBody>('POST', `/${source.id}/duplicate`, bob);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ owner_id: bob.id, status: 'draft', model_config: { ...rich.model_config, model_config_id: null } });
    });

    it('When the name is already 100 characters, Then the copy’s name is cut to fit " (copy)"', async () => {
      const source = await api.create(ada, { name: 'n'.repeat(100) });
      const res = await api.call<AgentBody>('POST', `/${source.id}/duplicate`, ada);
      expect(res.body.name).toBe(`${'n'.repeat(93)} (copy)`);
    });
  });

  describe('GET /agents/{id}/export and POST /agents/import', () => {
    it('When Ada exports, Then a JSON file with the marker and the payload comes back, without ids, owner, status or model configuration id', async () => {
      const agent = await api.create(ada, rich);
      const res = await api.call('GET', `/${agent.id}/export`, ada);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="support-triage.agent.json"');
      const { knowledge_base_ids: _bases, ...portable } = rich;
      expect(res.body).toEqual({
        format: 'agent-platform.agent',
        schema_version: 1,
        exported_at: expect.stringMatching(ISO_INSTANT),
        ...portable,
        model_config: { provider: 'openai', model_name: 'gpt-4o', temperature: 0.3 },
      });
    });

    it("When Bob imports Ada's export, Then he gets a new draft of his own with the same payload", async () => {
      const agent = await api.create(ada, rich);
      await api.deploy(ada, agent.id);
      const exported = await api.call<Json>('GET', `/${agent.id}/export`, ada);
      const imported = await api.call<AgentBody>('POST', '/import', bob, exported.body);
      expect(imported.status).toBe(201);
      expect(imported.body).toEqual({
        ...rich,
        model_config: { ...rich.model_config, model_config_id: null },
        id: expect.stringMatching(UUID_PATTERN),
        owner_id: bob.id,
        status: 'draft',
        version: 1,
        is_main_agent: false,
        created_at: expect.stringMatching(ISO_INSTANT),
        updated_at: imported.body.created_at,
      });
      expect(imported.body.id).not.toBe(agent.id);
      expect((await api.call('GET', `/${imported.body.id}`, bob)).body).toEqual(imported.body);
    });

    it('When the file carries an id, owner, status, version, times, main flag and a model configuration id, Then none is taken', async () => {
      const victim = await api.create(ada);
      const file = {
        format: 'agent-platform.agent',
        schema_version: 1,
        ...rich,
        id: victim.id,
        owner_id: ada.id,
        status: 'deployed',
        version: 7,
        is_main_agent: true,
        created_at: '2001-01-01T00:00:00.000Z',
        updated_at: '2001-01-01T00:00:00.000Z',
      };
      const res = await api.call<AgentBody>('POST', '/import', bob, file);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ owner_id: bob.id, status: 'draft', version: 1, is_main_agent: false, model_config: { model_config_id: null } });
      expect(res.body.id).not.toBe(victim.id);
      expect(res.body.created_at).not.toBe(file.created_at);
      expect((await api.call('GET', `/${victim.id}`, ada)).body).toEqual(victim);
    });

    it.each<[string, Json, string[]]>([
      ['no marker', { name: 'x' }, ['format', 'schema_version']],
      ['another format', { format: 'workflow', schema_version: 1, name: 'x' }, ['format']],
      ['a future schema version', { format: 'agent-platform.agent', schema_version: 2, name: 'x' }, ['schema_version']],
      [
        'an invalid payload',
        { format: 'agent-platform.agent', schema_version: 1, name: 'x', iteration_limit: 0, include_tools: ['a', 'a'] },
        ['iteration_limit', 'include_tools[1]'],
      ],
      ['a tool id that is no string', { format: 'agent-platform.agent', schema_version: 1, name: 'x', include_tools: ['a', 1] }, ['include_tools[1]']],
    ])('When the file has %s, Then it is 422 naming the fields and nothing is stored', async (_what, body, fields) => {
      const before = (await api.list(bob)).body.total;
      const res = await api.call<{ error: string; details: Array<{ field: string }> }>('POST', '/import', bob, body);
      expect(res.status).toBe(422);
      expect(res.body.error).toBe('validation_error');
      expect(res.body.details.map((d) => d.field)).toEqual(fields);
      expect((await api.list(bob)).body.total).toBe(before);
    });
  });
});
