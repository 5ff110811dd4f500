import { Actor } from '../../../core/domain/auth/actor';
import { KNOWLEDGE_GATEWAY, KnowledgeGateway } from '../../../core/ports/knowledge-gateway.port';
import { KnowledgeBaseManager } from '../../../core/services/knowledge/knowledge-base-manager.service';
import { request } from '../../support/http-client';
import { dataOf, openSse } from '../../support/sse-client';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;
interface AgentBody {
  id: string;
  [field: string]: unknown;
}

/**
 * The agent run's settings over HTTP on the offline model: knowledge bases searched before the
 * first model call (behaviour rule 11), the self-review of the answer (rule 5) and per-run budgets.
 */
describe('Agent run settings over HTTP', () => {
  let app: StartedApp;
  let ada: PlatformUser;
  let bob: PlatformUser;

  beforeAll(async () => {
    app = await startApp();
    [ada, bob] = await Promise.all([signUp(app.platformUrl), signUp(app.platformUrl)]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const api = <T = Json>(method: string, path: string, user: PlatformUser, body?: unknown) =>
    request<T>(method, `${app.platformUrl}/api/v1${path}`, { token: user.token, body });

  /** A private base of `user` holding one document, searchable once this resolves. */
  const baseOf = async (user: PlatformUser, title: string, content: string) => {
    const actor: Actor = { userId: user.id, role: 'user' };
    const { container } = app.services.app;
    const base = await container.get(KnowledgeBaseManager).create(actor, { name: `${title} base` });
    const document = await container.get<KnowledgeGateway>(KNOWLEDGE_GATEWAY).addDocument(actor, { knowledgeBaseId: base.id, title, content });
    return { baseId: base.id, documentId: document.id };
  };

  describe('an agent with a knowledge base and self_review', () => {
    let agent: AgentBody;
    let source: { baseId: string; documentId: string };

    beforeAll(async () => {
      source = await baseOf(ada, 'refunds.md', 'Refunds are paid back within 14 days of the returned parcel arriving at our warehouse.');
      const created = await api<AgentBody>('POST', '/agents', ada, {
        name: 'Support',
        knowledge_base_ids: [source.baseId.toUpperCase()],
        self_review: true,
        max_llm_calls: 20,
        max_total_tokens: 50_000,
      });
      expect(created.status).toBe(201);
      agent = created.body;
    });

    it('When created, Then the record reads back its run settings', async () => {
      expect(agent).toMatchObject({ knowledge_base_ids: [source.baseId], self_review: true, max_llm_calls: 20, max_total_tokens: 50_000 });
      expect((await api('GET', `/agents/${agent.id}`, ada)).body).toEqual(agent);
    });

    it('When Ada chats with it, Then the reply comes with the knowledge sources the model was given and the review of the reply', async () => {
      const res = await api<Json>('POST', `/agent-chat/${agent.id}`, ada, { message: 'How long do refunds take?' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        reply: expect.any(String),
        knowledge_sources: [{ knowledge_base_id: source.baseId, document_id: source.documentId, title: 'refunds.md' }],
        review: { passed: true, reason: expect.stringContaining('[offline model]') },
      });
      // The answer and its review: two model calls.
      expect((res.body.token_usage as Json).total_tokens).toBeGreaterThan(0);
    });

    it('When Ada streams a chat with it, Then the done frame carries the review', async () => {
      const stream = await openSse(`${app.platformUrl}/api/v1/agent-chat/${agent.id}/stream`, {
        token: ada.token,
        body: { message: 'How long do refunds take?' },
      });
      const frames = await stream.finished();
      expect(frames.at(-1)?.event).toBe('done');
      expect(dataOf(frames.at(-1)!)).toMatchObject({ type: 'done', review: { passed: true, reason: expect.stringContaining('[offline model]') } });
    });

    it('When Ada executes it, Then the execution output carries the reply, the review and the knowledge sources', async () => {
      const res = await api<Json>('POST', `/agents/${agent.id}/execute`, ada, { input: 'How long do refunds take?' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        status: 'completed',
        success: true,
        llm_calls: 2,
        output: {
          reply: expect.any(String),
          review: { passed: true, reason: expect.any(String) },
          knowledge_sources: [{ knowledge_base_id: source.baseId, document_id: source.documentId, title: 'refunds.md' }],
        },
      });
    });
  });

  it("When an agent names another user's private knowledge base, Then it is 422 naming the field and nothing is stored", async () => {
    const bobs = await baseOf(bob, 'private.md', 'Bob keeps this to himself.');
    const res = await api<Json>('POST', '/agents', ada, { name: 'Snoop', knowledge_base_ids: [bobs.baseId] });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      error: 'validation_error',
      message: expect.any(String),
      details: [{ field: 'knowledge_base_ids[0]', message: 'must name a knowledge base the owner can read' }],
    });
    const mine = await api<{ items: AgentBody[] }>('GET', '/agents?search=Snoop', ada);
    expect(mine.body.items).toEqual([]);
  });

  it('When the run settings are out of bounds, Then it is 422 naming each field', async () => {
    const res = await api<{ details: Array<{ field: string }> }>('POST', '/agents', ada, {
      name: 'Greedy',
      max_llm_calls: 501,
      max_total_tokens: 10,
      knowledge_base_ids: ['not-a-uuid'],
    });
    expect(res.status).toBe(422);
    expect(res.body.details.map((d) => d.field).sort()).toEqual(['knowledge_base_ids[0]', 'max_llm_calls', 'max_total_tokens']);
  });

  describe('a run past its LLM call budget', () => {
    let agent: AgentBody;

    beforeAll(async () => {
      // The offline model calls the tool the user names, then answers: two calls, one allowed.
      agent = (await api<AgentBody>('POST', '/agents', ada, { name: 'Frugal', include_tools: ['calculator'], max_llm_calls: 1 })).body;
    });

    it('When chatted with, Then it is 422 budget_exceeded', async () => {
      const res = await api<Json>('POST', `/agent-chat/${agent.id}`, ada, { message: 'Use the calculator to compute 2 + 3' });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ error: 'budget_exceeded', message: 'The run used its budget of 1 LLM calls' });
    });

    it('When executed, Then the record fails with the error code budget_exceeded', async () => {
      const res = await api<Json>('POST', `/agents/${agent.id}/execute`, ada, { input: 'Use the calculator to compute 2 + 3' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'failed', success: false, llm_calls: 1, error: { code: 'budget_exceeded' } });
    });
  });
});
