import { buildPdfFixture } from '../../fixtures/knowledge/pdf-fixture';
import { request } from '../../support/http-client';
import { KnowledgeClient } from '../../support/knowledge-client';
import { signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';

type Json = Record<string, unknown>;

const HANDBOOK_MD = `# Travel policy

Employees book flights through the travel desk at least two weeks ahead. Economy class is the rule for flights under six hours.

# Expenses

Meals on business trips are reimbursed up to 40 euros per day. Receipts must be uploaded within thirty days.

# Remote work

Staff may work from home three days a week after their probation period ends.`;

const ZH_TXT = `向量数据库用于存储文本的嵌入向量，支持语义检索。

员工每年享有十五天带薪年假，需要提前一周申请。

公司食堂每天中午十二点开放，提供素食选项。`;

/** Three passages close in meaning to the question but without its words (other forms of them), and one holding the exact product code. */
const WARRANTY_DISTRACTORS = [
  'Controllers come with warranties; periods differ between controllers and regions.',
  'Warranties for controllers: periods are printed on every box. Controllers ship worldwide.',
  'Periods and warranties vary: controllers bought online carry longer warranties.',
];
const PRODUCT_PASSAGE = 'Model ZX-4471 ships in a grey case and includes a three year guarantee.';

/** Search and RAG over uploaded PDF, Markdown and text files, through the whole ingestion pipeline. */
describe('Platform knowledge retrieval', () => {
  let app: StartedApp;
  let ada: KnowledgeClient;
  let bob: KnowledgeClient;
  let base: string;
  const documents: Record<string, Json> = {};

  beforeAll(async () => {
    app = await startApp();
    ada = new KnowledgeClient(app.platformUrl, await signUp(app.platformUrl));
    bob = new KnowledgeClient(app.platformUrl, await signUp(app.platformUrl));
    base = await ada.baseId({ name: 'Company knowledge', chunk_size: 200, chunk_overlap: 20 });
    const pdf = buildPdfFixture([
      ['Safety manual.', 'Hard hats are required in the assembly hall at all times.'],
      ['Fire drills happen on the first Monday of every quarter.'],
    ]);
    documents.pdf = await ada.ingested(base, ada.upload(base, 'safety.pdf', pdf, { metadata: JSON.stringify({ kind: 'manual' }) }));
    documents.md = await ada.ingested(base, ada.upload(base, 'handbook.md', HANDBOOK_MD, { metadata: JSON.stringify({ kind: 'policy' }) }));
    documents.txt = await ada.ingested(base, ada.upload(base, '员工手册.txt', ZH_TXT));
  });
  afterAll(() => app?.stop());

  const first = async (body: Json, baseId = base): Promise<Json> => {
    const res = await ada.search(baseId, body);
    expect(res.status).toBe(200);
    return (res.body.items as Json[])[0];
  };

  it('When PDF, Markdown and text files are uploaded, Then each is read by its type and becomes ready', () => {
    expect(documents.pdf).toMatchObject({ status: 'ready', source: 'file', source_ref: 'safety.pdf', title: 'safety.pdf', content_type: 'text/plain' });
    expect(documents.md).toMatchObject({ status: 'ready', content_type: 'text/markdown', metadata: { kind: 'policy' } });
    expect(documents.txt).toMatchObject({ status: 'ready', title: '员工手册.txt', content_type: 'text/plain' });
    expect(documents.md.chunk_count).toBeGreaterThan(1);
  });

  it('When an English question is searched, Then the passage that answers it comes first, with its place in the document', async () => {
    const hit = await first({ query: 'How much are meals reimbursed per day on business trips?' });
    expect(hit).toMatchObject({
      document_id: documents.md.id,
      document_name: 'handbook.md',
      chunk_id: `${String(documents.md.id)}:${String(hit.chunk_index)}`,
    });
    expect(hit.content).toContain('40 euros');
    const start = hit.start_offset as number;
    expect(HANDBOOK_MD.slice(start, hit.end_offset as number)).toContain('40 euros per day');
  });

  it('When the PDF is searched, Then its text is found page by page', async () => {
    expect((await first({ query: 'When are fire drills?' })).content).toContain('first Monday of every quarter');
    expect((await first({ query: 'hard hats assembly hall' })).document_id).toBe(documents.pdf.id);
  });

  it('When a Chinese question is searched, Then the Chinese passage that answers it comes first, by vector and by keyword', async () => {
    for (const mode of ['hybrid', 'vector', 'keyword']) {
      const hit = await first({ query: '年假有多少天？', mode });
      expect(hit.document_id).toBe(documents.txt.id);
      expect(hit.content).toContain('十五天带薪年假');
    }
  });

  it('When the query is an exact product code, Then hybrid search puts its passage first where vector search alone does not', async () => {
    const products = await ada.baseId({ name: 'Products' });
    for (const [i, text] of WARRANTY_DISTRACTORS.entries()) await ada.ingested(products, ada.addText(products, { title: `warranty-${i}.txt`, content: text }));
    const product = await ada.ingested(products, ada.addText(products, { title: 'zx-4471.txt', content: PRODUCT_PASSAGE }));
    const query = 'warranty period of the ZX-4471 controller';

    const byVector = (await ada.search(products, { query, mode: 'vector', top_k: 4 })).body.items as Json[];
    expect(byVector[0].document_id).not.toBe(product.id);
    const hybrid = await first({ query, top_k: 4 }, products);
    expect(hybrid).toMatchObject({ document_id: product.id, keyword_rank: 1 });
  });

  it('When a metadata filter is given, Then only documents with those labels are searched', async () => {
    const res = await ada.search(base, { query: 'fire drills meals', filter: { kind: 'policy' }, top_k: 10 });
    const items = res.body.items as Json[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.document_id === documents.md.id)).toBe(true);
  });

  it('When a question is asked by RAG, Then the answer cites the passage that holds it, with its chunk id, document and offsets', async () => {
    const res = await ada.rag(base, { question: 'How much are meals reimbursed per day?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ grounded: true, model: expect.any(String) });
    expect(res.body.answer).toContain('40 euros');
    const [citation] = res.body.citations as Json[];
    expect(citation).toMatchObject({ number: expect.any(Number), document_id: documents.md.id, document_name: 'handbook.md' });
    expect(citation.chunk_id).toBe(`${String(documents.md.id)}:${String(citation.chunk_index)}`);
    expect(HANDBOOK_MD.slice(citation.start_offset as number, citation.end_offset as number)).toContain('40 euros');
    expect(res.body.answer).toContain(`[${String(citation.number)}]`);
  });

  it('When nothing in the base answers the question, Then RAG says it does not know and asks no model', async () => {
    const res = await ada.rag(base, { question: 'Who won the chess olympiad on Mars?' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ grounded: false, citations: [], sources: [], model: null });
    expect(res.body.answer).toMatch(/no relevant information/i);
  });

  it('When a document is deleted, Then its passages are no longer found by any mode', async () => {
    const temp = await ada.ingested(base, ada.addText(base, { title: 'temp.txt', content: 'The xylophone room opens at noon.' }));
    expect((await first({ query: 'xylophone room' })).document_id).toBe(temp.id);
    expect((await ada.deleteDocument(base, temp.id as string)).status).toBe(204);
    for (const mode of ['hybrid', 'vector', 'keyword']) {
      const items = (await ada.search(base, { query: 'xylophone room', mode })).body.items as Json[];
      expect(items.some((item) => item.document_id === temp.id)).toBe(false);
    }
  });

  it('When a PDF is corrupt, Then it ends failed with a reason, and the API answers while a large PDF is being parsed', async () => {
    const corrupt = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
    const broken = await ada.ingested(base, ada.upload(base, 'broken.pdf', corrupt));
    expect(broken).toMatchObject({ status: 'failed', chunk_count: 0 });
    expect(broken.error).toMatch(/could not be extracted/i);

    const pages = Array.from({ length: 400 }, (_, i) => [`Page ${i + 1} of the archive.`, `Inventory line ${i} lists nothing in particular.`]);
    const accepted = await ada.upload(base, 'archive.pdf', buildPdfFixture(pages));
    expect(accepted.status).toBe(202);
    let answeredWhileBusy = 0;
    for (;;) {
      const [health, list] = await Promise.all([request('GET', `${app.platformUrl}/health`), ada.documents(base, '?page_size=100')]);
      const doc = (list.body.items as Json[]).find((item) => item.id === accepted.body.id) as Json;
      if (doc.status === 'ready' || doc.status === 'failed') {
        expect(doc.status).toBe('ready');
        break;
      }
      if (health.status === 200) answeredWhileBusy += 1;
    }
    expect(answeredWhileBusy).toBeGreaterThan(0);
  });

  it('When another user searches or asks a private base, Then it is 404; an unknown base too', async () => {
    expect((await bob.search(base, { query: 'meals' })).status).toBe(404);
    expect((await bob.rag(base, { question: 'meals?' })).status).toBe(404);
    expect((await ada.search('00000000-0000-4000-8000-000000000000', { query: 'meals' })).status).toBe(404);
  });

  it.each([
    ['an empty query', { query: '' }],
    ['top_k 0', { query: 'a', top_k: 0 }],
    ['top_k 51', { query: 'a', top_k: 51 }],
    ['an unknown mode', { query: 'a', mode: 'fuzzy' }],
    ['min_score 2', { query: 'a', min_score: 2 }],
    ['a nested filter', { query: 'a', filter: { kind: { $ne: 'x' } } }],
  ])('When a search has %s, Then 422', async (_name, body) => {
    const res = await ada.search(base, body);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({ error: 'validation_error' });
  });

  it('When a RAG question is empty, Then 422', async () => {
    expect((await ada.rag(base, { question: ' ' })).status).toBe(422);
  });
});
