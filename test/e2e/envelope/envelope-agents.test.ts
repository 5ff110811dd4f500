import { request } from '../../support/http-client';
import { Envelope, envelopeAgent, envelopeSignUp, EnvelopeUserSession } from '../../support/envelope-user';
import { StartedApp, startApp } from '../../support/started-app';

interface AgentBody {
  id: number;
  owner_id: number;
  name: string;
  description: string;
  prompt_template: string;
  model_config: { provider: string; model_name: string; temperature: number; max_tokens: number };
  created_at: string;
  updated_at: string;
}

describe('Envelope agents over HTTP', () => {
  let app: StartedApp;
  let api: string;
  let owner: EnvelopeUserSession;
  let stranger: EnvelopeUserSession;

  beforeAll(async () => {
    app = await startApp();
    api = `${app.envelopeUrl}/api/v1`;
    owner = await envelopeSignUp(app.envelopeUrl);
    stranger = await envelopeSignUp(app.envelopeUrl);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const call = <T = AgentBody>(method: string, path: string, user: EnvelopeUserSession | undefined, body?: unknown) =>
    request<Envelope<T>>(method, `${api}${path}`, { token: user?.accessToken, body });
  const valid = { name: 'Helper', prompt_template: 'You help.', model_config: { provider: 'anthropic', model_name: 'claude-test' } };

  it('When an agent is created, Then the record has an integer id, the payload and the defaults temperature 0.7 and max_tokens 2048', async () => {
    const res = await call('POST', '/agents', owner, valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      code: 200,
      message: 'success',
      data: {
        id: expect.any(Number),
        owner_id: owner.id,
        name: 'Helper',
        description: '',
        prompt_template: 'You help.',
        model_config: { provider: 'anthropic', model_name: 'claude-test', temperature: 0.7, max_tokens: 2048 },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    });
    expect(Number.isInteger(res.body.data.id)).toBe(true);
    expect((await call('GET', `/agents/${res.body.data.id}`, owner)).body.data).toEqual(res.body.data);
  });

  it('When a payload breaks a rule, Then it is 400/40000 with data null, and nothing is created', async () => {
    const before = (await call<{ total: number }>('GET', '/agents', owner)).body.data.total;
    const invalid: unknown[] = [
      { ...valid, model_config: { ...valid.model_config, provider: 'offline' } },
      { ...valid, model_config: { ...valid.model_config, provider: 'OpenAI' } },
      { ...valid, model_config: { provider: 'openai' } },
      { ...valid, model_config: { ...valid.model_config, temperature: 2.5 } },
      { ...valid, model_config: { ...valid.model_config, temperature: 'hot' } },
      { ...valid, model_config: { ...valid.model_config, max_tokens: 0 } },
      { ...valid, model_config: { ...valid.model_config, max_tokens: 1.5 } },
      { ...valid, model_config: { ...valid.model_config, max_tokens: 40_000 } },
      { ...valid, name: '' },
      { ...valid, name: 'n'.repeat(101) },
      { ...valid, description: 'd'.repeat(2001) },
      { ...valid, prompt_template: '' },
      { ...valid, prompt_template: 'p'.repeat(10_001) },
      { name: 'No model', prompt_template: 'x' },
      { model_config: valid.model_config, prompt_template: 'x' },
      { ...valid, model_config: 'openai' },
      [valid],
    ];
    for (const body of invalid) {
      const res = await call('POST', '/agents', owner, body);
      expect([JSON.stringify(body).slice(0, 80), res.status, res.body.code, res.body.data]).toEqual([JSON.stringify(body).slice(0, 80), 400, 40000, null]);
    }
    expect((await call<{ total: number }>('GET', '/agents', owner)).body.data.total).toBe(before);
  });

  it('When a body carries __proto__ or unknown fields, Then they change nothing', async () => {
    const raw = JSON.stringify({ ...valid, owner_id: stranger.id, id: 1, role: 'admin' }).replace(
      /^\{/,
      '{"__proto__":{"name":"polluted","isAdmin":true},"model_config":{"provider":"openai","model_name":"gpt-test","__proto__":{"max_tokens":7}},',
    );
    const res = await request<Envelope<AgentBody>>('POST', `${api}/agents`, {
      token: owner.accessToken,
      body: raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ owner_id: owner.id, name: 'Helper', model_config: { provider: 'anthropic', max_tokens: 2048 } });
    expect(res.body.data).not.toHaveProperty('role');
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    const updated = await request<Envelope<AgentBody>>('PUT', `${api}/agents/${res.body.data.id}`, {
      token: owner.accessToken,
      body: '{"__proto__":{"name":"polluted"},"owner_id":999,"created_at":"2000-01-01T00:00:00.000Z"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ owner_id: owner.id, name: 'Helper', created_at: res.body.data.created_at });
  });

  it('When an agent is updated partly, Then only the fields given change, model_config field by field, and updated_at moves', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, owner, {
      description: 'First',
      model_config: { provider: 'openai', model_name: 'gpt-test', temperature: 0.3, max_tokens: 100 },
    });
    const before = (await call('GET', `/agents/${agent.id}`, owner)).body.data;
    const res = await call('PUT', `/agents/${agent.id}`, owner, { name: 'Renamed', model_config: { temperature: 1.2 } });
    expect(res.body).toMatchObject({ code: 200, message: 'success' });
    expect(res.body.data).toEqual({
      ...before,
      name: 'Renamed',
      model_config: { provider: 'openai', model_name: 'gpt-test', temperature: 1.2, max_tokens: 100 },
      updated_at: expect.any(String),
    });
    expect(res.body.data.updated_at >= before.updated_at).toBe(true);
    expect((await call('GET', `/agents/${agent.id}`, owner)).body.data).toEqual(res.body.data);
    expect((await call('PUT', `/agents/${agent.id}`, owner, { model_config: { provider: 'mistral' } })).body.code).toBe(40000);
    expect((await call('PUT', `/agents/${agent.id}`, owner, { name: '' })).body.code).toBe(40000);
    expect((await call('PUT', `/agents/${agent.id}`, owner, {})).body.data).toEqual({ ...res.body.data, updated_at: expect.any(String) });
  });

  it('When agents are listed, Then the caller sees only theirs, oldest first, paged by page and page_size (default 20, max 100)', async () => {
    const lister = await envelopeSignUp(app.envelopeUrl);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await envelopeAgent(app.envelopeUrl, lister, { name: `A${i}` })).id);
    await envelopeAgent(app.envelopeUrl, stranger);
    const all = await call<{ items: AgentBody[]; total: number; page: number; page_size: number }>('GET', '/agents', lister);
    expect(all.body.data).toMatchObject({ total: 3, page: 1, page_size: 20 });
    expect(all.body.data.items.map((a) => a.id)).toEqual(ids);
    const second = await call<{ items: AgentBody[]; page: number; page_size: number }>('GET', '/agents?page=2&page_size=2', lister);
    expect([second.body.data.items.map((a) => a.id), second.body.data.page, second.body.data.page_size]).toEqual([[ids[2]], 2, 2]);
    expect((await call('GET', '/agents?page_size=100', lister)).status).toBe(200);
    for (const query of ['page_size=101', 'page_size=0', 'page=0', 'page=abc', 'page_size=1.5']) {
      const res = await call('GET', `/agents?${query}`, lister);
      expect([query, res.status, res.body.code, res.body.data]).toEqual([query, 400, 40000, null]);
    }
  });

  it('When another user reads, changes or deletes an agent, Then it is 403/40300; a missing one is 404/40400; a bad id 400/40000', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, owner);
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, `/agents/${agent.id}`, stranger, body);
      expect([method, res.status, res.body]).toEqual([method, 403, { code: 40300, message: expect.any(String), data: null }]);
      const missing = await call(method, '/agents/99999999', owner, body);
      expect([method, missing.status, missing.body]).toEqual([method, 404, { code: 40400, message: expect.any(String), data: null }]);
      expect((await call(method, '/agents/abc', owner, body)).body.code).toBe(40000);
      for (const id of ['0', '-1', '99999999999999999999']) {
        const odd = await call(method, `/agents/${id}`, owner, body);
        expect([method, id, odd.status < 500, odd.body.data]).toEqual([method, id, true, null]);
      }
    }
    expect((await call('GET', `/agents/${agent.id}`, owner)).body.data.name).toBe('Helper');
    expect((await call('GET', '/agents', undefined)).status).toBe(401);
  });

  it('When an agent is deleted, Then the result names it and it is gone', async () => {
    const agent = await envelopeAgent(app.envelopeUrl, owner);
    expect((await call('DELETE', `/agents/${agent.id}`, owner)).body).toEqual({ code: 200, message: 'success', data: { id: agent.id, deleted: true } });
    expect((await call('GET', `/agents/${agent.id}`, owner)).status).toBe(404);
  });
});
