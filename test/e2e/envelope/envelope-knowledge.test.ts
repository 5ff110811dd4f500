import { KnowledgeBaseManager } from '../../../core/services/knowledge/knowledge-base-manager.service';
import { buildPdfFixture } from '../../fixtures/knowledge/pdf-fixture';
import { HttpResult, request } from '../../support/http-client';
import { Envelope, envelopeAgent, envelopeSignUp, EnvelopeUserSession } from '../../support/envelope-user';
import { StartedApp, startApp } from '../../support/started-app';

interface Hit {
  document_id: number;
  filename: string;
  chunk_index: number;
  content: string;
  score: number;
}

const MANUAL = buildPdfFixture([
  ['Boiler manual.', 'Bleed the radiators every autumn before the heating season.'],
  ['Error code E42 means the water pressure is below one bar.', 'Top up the pressure through the filling loop.'],
]);

/** The envelope contract's knowledge: uploads into an agent's knowledge through the knowledge module, and search. */
describe('Envelope knowledge over HTTP', () => {
  let app: StartedApp;
  let api: string;
  let owner: EnvelopeUserSession;
  let stranger: EnvelopeUserSession;
  let agentId: number;

  beforeAll(async () => {
    app = await startApp();
    api = `${app.envelopeUrl}/api/v1`;
    owner = await envelopeSignUp(app.envelopeUrl);
    stranger = await envelopeSignUp(app.envelopeUrl);
    agentId = (await envelopeAgent(app.envelopeUrl, owner)).id;
  });
  afterAll(() => app?.stop());

  const upload = async (
    user: EnvelopeUserSession,
    name: string,
    content: Uint8Array | string,
    agent: number | string = agentId,
  ): Promise<HttpResult<Envelope<Record<string, unknown>>>> => {
    const form = new FormData();
    form.append('agent_id', String(agent));
    form.append('file', new Blob([content]), name);
    const response = await fetch(`${api}/knowledge/documents/upload`, { method: 'POST', body: form, headers: { authorization: `Bearer ${user.accessToken}` } });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: JSON.parse(text) as Envelope<Record<string, unknown>>, text };
  };
  const search = (user: EnvelopeUserSession, body: Record<string, unknown>) =>
    request<Envelope<{ items: Hit[] }>>('POST', `${api}/knowledge/search`, { token: user.accessToken, body });

  it('When a PDF, a Markdown and a text file are uploaded, Then each answers its integer id, name, final chunk count and ready status', async () => {
    const pdf = await upload(owner, 'boiler-manual.pdf', MANUAL);
    expect(pdf.status).toBe(200);
    expect(pdf.body).toEqual({
      code: 200,
      message: 'success',
      data: { document_id: expect.any(Number), filename: 'boiler-manual.pdf', chunks: expect.any(Number), status: 'ready' },
    });
    expect(pdf.body.data?.chunks).toBeGreaterThan(0);
    const md = await upload(owner, 'C:\\Users\\me\\notes.md', '# Garden\n\nWater the tomatoes every morning in July.');
    expect(md.body.data).toMatchObject({ filename: 'notes.md', status: 'ready', chunks: 1 });
    const txt = await upload(owner, 'faq.txt', '退货需要在三十天内申请。');
    expect(txt.body.data).toMatchObject({ filename: 'faq.txt', status: 'ready' });
    expect(new Set([pdf.body.data?.document_id, md.body.data?.document_id, txt.body.data?.document_id]).size).toBe(3);
  });

  it('When the agent’s knowledge is searched, Then the chunk that answers comes first, from the generated PDF too', async () => {
    const res = await search(owner, { agent_id: agentId, query: 'What does error code E42 mean?', top_k: 3 });
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(200);
    const [first] = res.body.data?.items ?? [];
    expect(first).toEqual({
      document_id: expect.any(Number),
      filename: 'boiler-manual.pdf',
      chunk_index: expect.any(Number),
      content: expect.stringContaining('E42'),
      score: expect.any(Number),
    });
    const zh = await search(owner, { agent_id: agentId, query: '退货期限' });
    expect(zh.body.data?.items[0]).toMatchObject({ filename: 'faq.txt' });
    expect((await search(owner, { agent_id: agentId, query: 'tomatoes' })).body.data?.items.length).toBeLessThanOrEqual(5);
  });

  it('When the file is not PDF, TXT or Markdown, or its content contradicts its extension, Then 400/40000 and nothing is stored', async () => {
    for (const [name, content] of [
      ['page.html', '<!doctype html><html><body>Hi</body></html>'],
      ['fake.pdf', 'just text, not a PDF'],
      ['binary.txt', new Uint8Array([0, 1, 2, 0, 255, 254, 0, 0])],
      ['manual.txt', MANUAL],
    ] as Array<[string, string | Uint8Array]>) {
      const res = await upload(owner, name, content);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 40000, data: null });
    }
  });

  it('When the file is over 10 MB, Then 413/41300', async () => {
    const res = await upload(owner, 'big.txt', 'a'.repeat(10 * 1024 * 1024 + 1));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ code: 41300, message: expect.any(String), data: null });
  });

  it('When another user uploads to or searches an agent, Then 403/40300; a missing agent is 404/40400', async () => {
    expect((await upload(stranger, 'x.txt', 'hello')).body).toMatchObject({ code: 40300, data: null });
    expect((await search(stranger, { agent_id: agentId, query: 'E42' })).body).toMatchObject({ code: 40300, data: null });
    expect((await upload(owner, 'x.txt', 'hello', 999_999)).body).toMatchObject({ code: 40400 });
    expect((await search(owner, { agent_id: 999_999, query: 'E42' })).status).toBe(404);
  });

  it('When the form or the search is malformed, Then 400/40000', async () => {
    expect((await upload(owner, 'x.txt', 'hello', 'abc')).body).toMatchObject({ code: 40000 });
    expect((await search(owner, { agent_id: agentId, query: '' })).body).toMatchObject({ code: 40000 });
    expect((await search(owner, { agent_id: agentId, query: 'a', top_k: 0 })).body).toMatchObject({ code: 40000 });
    expect((await search(owner, { query: 'a' })).body).toMatchObject({ code: 40000 });
    const json = await request<Envelope<null>>('POST', `${api}/knowledge/documents/upload`, { token: owner.accessToken, body: { agent_id: agentId } });
    expect(json.body).toMatchObject({ code: 40000 });
  });

  it('When an agent with documents is deleted, Then its knowledge goes with it', async () => {
    const doomed = (await envelopeAgent(app.envelopeUrl, owner)).id;
    await upload(owner, 'doomed.txt', 'The zeppelin hangar closes at dusk.', doomed);
    expect((await search(owner, { agent_id: doomed, query: 'zeppelin hangar' })).body.data?.items).toHaveLength(1);
    const deleted = await request<Envelope<unknown>>('DELETE', `${api}/agents/${doomed}`, { token: owner.accessToken });
    expect(deleted.status).toBe(200);
    expect((await search(owner, { agent_id: doomed, query: 'zeppelin hangar' })).status).toBe(404);
    const bases = await app.services.app.container.get(KnowledgeBaseManager).list({ userId: 'root', role: 'admin' }, { page: 1, pageSize: 100 });
    const names = bases.items.filter((base) => base.ownerId === `envelope-user-${owner.id}`).map((base) => base.name);
    expect(names).toEqual([`Agent ${agentId} knowledge`]);
  });
});
