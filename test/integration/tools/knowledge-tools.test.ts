import { OfflineLlmProvider } from '../../../adapters/llm/offline/offline-llm-provider';
import { EmbeddedVectorStore } from '../../../adapters/vectors/embedded/embedded-vector-store';
import { Actor } from '../../../core/domain/auth/actor';
import { LlmUpstreamError } from '../../../core/domain/llm/llm.errors';
import { KNOWLEDGE_BASE_REPOSITORY } from '../../../core/ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY } from '../../../core/ports/knowledge-document-repository.port';
import { ChatRequest, ChatResponse, ChatStreamEvent, LlmProvider } from '../../../core/ports/llm-provider.port';
import { UNIT_OF_WORK } from '../../../core/ports/unit-of-work.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { VECTOR_RECORD_REPOSITORY } from '../../../core/ports/vector-record-repository.port';
import { JsonValue } from '../../../core/shared/json';
import { KnowledgeCapability } from '../../../plugins/kernel/capabilities/knowledge-capability';
import { aKnowledgeBase } from '../../fixtures/knowledge/knowledge.mother';
import { createKnowledgeTestBed, KnowledgeTestBed } from '../../fixtures/knowledge/knowledge-test-bed';
import { CHINESE_PAGES, HANDBOOK, HANDBOOK_SECTIONS } from '../../fixtures/knowledge/sample-corpus';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { aUser } from '../../fixtures/users/user.mother';
import { describeManifestExamples } from './builtin-tool-examples';

const KNOWLEDGE_TOOLS = ['kb_search', 'kb_list', 'kb_add_document', 'rag_answer'];
/** The knowledge base the manifests' examples name. */
const EXAMPLE_BASE_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const OTHER: Actor = { userId: 'user-2', role: 'user' };
const LONELY: Actor = { userId: 'user-3', role: 'user' };

/** The offline model, or a provider failure when a test asks for one; counts the calls. */
class SwitchableLlm implements LlmProvider {
  readonly name = 'switchable';
  calls = 0;
  failing = false;
  private readonly offline = new OfflineLlmProvider();

  async chat(request: ChatRequest): Promise<ChatResponse> {
    this.calls += 1;
    if (this.failing) throw new LlmUpstreamError('provider down');
    return this.offline.chat(request);
  }

  stream(request: ChatRequest): AsyncIterable<ChatStreamEvent> {
    return this.offline.stream(request);
  }
}

const llm = new SwitchableLlm();
let storage: TestStorage;
let bed: KnowledgeTestBed;
let kernel: TestKernel;
let otherPrivate: string;
let otherPublic: string;

beforeAll(async () => {
  storage = await createTestStorage('sqlite');
  for (const actor of [TEST_ACTOR, OTHER, LONELY]) await storage.get(USER_REPOSITORY).create(aUser({ id: actor.userId }));
  bed = createKnowledgeTestBed({
    bases: storage.get(KNOWLEDGE_BASE_REPOSITORY),
    documents: storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY),
    unitOfWork: storage.get(UNIT_OF_WORK),
    vectors: new EmbeddedVectorStore(storage.get(VECTOR_RECORD_REPOSITORY)),
    llm,
  });
  await storage.get(KNOWLEDGE_BASE_REPOSITORY).create(aKnowledgeBase({ id: EXAMPLE_BASE_ID, ownerId: TEST_ACTOR.userId, name: 'Shop help' }));
  for (const page of Object.values(CHINESE_PAGES)) await bed.ingestor.add(TEST_ACTOR, EXAMPLE_BASE_ID, page);
  otherPrivate = (await bed.manager.create(OTHER, { name: 'Private plans' })).id;
  otherPublic = (await bed.manager.create(OTHER, { name: 'Company handbook', description: 'Public handbook', isPublic: true })).id;
  await bed.ingestor.add(OTHER, otherPrivate, { title: 'merger.txt', content: 'The secret merger with Globex closes in October.' });
  await bed.ingestor.add(OTHER, otherPublic, { title: 'handbook.md', content: HANDBOOK, contentType: 'text/markdown' });
  kernel = await createTestKernel({ tools: KNOWLEDGE_TOOLS, llm, handlers: { knowledge: new KnowledgeCapability(bed.gateway) } });
});
afterAll(async () => {
  await kernel?.close();
  await storage?.destroy();
});
beforeEach(() => {
  llm.failing = false;
  llm.calls = 0;
});

async function run<T = JsonValue>(id: string, input: JsonValue, actor: Actor = TEST_ACTOR): Promise<{ result: T; used: string[] }> {
  const outcome = await kernel.invoke(id, input, { actor });
  if (!outcome.success) throw new Error(`${id} failed: ${outcome.error.code} ${outcome.error.message}`);
  return { result: outcome.result as T, used: outcome.receipt.capabilities_used };
}

describeManifestExamples(KNOWLEDGE_TOOLS, () => kernel);

describe('kb_list', () => {
  it("When a user lists, Then they see their own and public bases with sizes and write rights, never another user's private base", async () => {
    const { result, used } = await run('kb_list', {});
    expect(used).toEqual(['knowledge']);
    expect(result).toMatchObject({ count: 2 });
    expect((result as { knowledge_bases: unknown[] }).knowledge_bases).toEqual(
      expect.arrayContaining([
        { id: EXAMPLE_BASE_ID, name: 'Shop help', description: 'Notes for tests', documents: expect.any(Number), is_public: false, writable: true },
        { id: otherPublic, name: 'Company handbook', description: 'Public handbook', documents: 1, is_public: true, writable: false },
      ]),
    );
  });
});

describe('kb_search', () => {
  it('When a user searches in Chinese, Then the page that answers ranks first, with its file name and position', async () => {
    const { result } = await run<{ results: Array<Record<string, unknown>> }>('kb_search', {
      query: '收到的商品多少天内可以退货？',
      knowledge_base_id: EXAMPLE_BASE_ID,
    });
    expect(result.results[0]).toMatchObject({
      knowledge_base_id: EXAMPLE_BASE_ID,
      filename: CHINESE_PAGES.returns.title,
      chunk_index: 0,
      content: CHINESE_PAGES.returns.content,
    });
  });

  it('When a user searches everything in English, Then public bases are searched too and the right section ranks first', async () => {
    const { result } = await run<{ results: Array<Record<string, unknown>>; count: number }>('kb_search', {
      query: 'How many API requests per minute are allowed before a 429?',
      top_k: 2,
    });
    expect(result.count).toBe(2);
    expect(result.results[0]).toMatchObject({ knowledge_base_id: otherPublic, filename: 'handbook.md', content: HANDBOOK_SECTIONS.rateLimits });
  });

  it("When a user searches for another user's private text, Then it never comes back, and naming that base fails as not found", async () => {
    const { result } = await run<{ results: Array<{ content: string }> }>('kb_search', { query: 'secret merger with Globex', top_k: 50 });
    expect(result.results.some((hit) => hit.content.includes('Globex'))).toBe(false);
    const outcome = await kernel.invoke('kb_search', { query: 'merger', knowledge_base_id: otherPrivate });
    expect(outcome).toMatchObject({ success: false, error: { code: 'runtime_error', reason: 'not_found', message: expect.stringContaining('not found') } });
  });

  it('When min_score is high, Then weak matches are left out', async () => {
    const { result } = await run<{ results: Array<{ score: number }> }>('kb_search', { query: 'warranty of the rocket engine', min_score: 0.99 });
    expect(result).toEqual({ query: 'warranty of the rocket engine', results: [], count: 0 });
  });

  it.each([[{ query: '' }], [{ query: 'x', top_k: 0 }], [{ query: 'x', knowledge_base_id: 'not-a-uuid' }], [{ query: 'x', extra: true }]])(
    'When the input is %j, Then the kernel refuses it',
    async (input) => {
      expect(await kernel.invoke('kb_search', input)).toMatchObject({ success: false, error: { code: 'invalid_input' } });
    },
  );
});

describe('kb_add_document', () => {
  it('When a user adds a document to their base, Then kb_search finds it first right away', async () => {
    const { result, used } = await run('kb_add_document', {
      knowledge_base_id: EXAMPLE_BASE_ID,
      title: 'gift-cards.md',
      content: '# Gift cards\n\nGift cards never expire and can be combined with member points at checkout.',
      content_type: 'text/markdown',
      metadata: { author: 'support', revision: 3 },
    });
    expect(used).toEqual(['knowledge']);
    expect(result).toEqual({ document_id: expect.any(String), knowledge_base_id: EXAMPLE_BASE_ID, title: 'gift-cards.md', chunks: 1 });
    const stored = await storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY).findById((result as { document_id: string }).document_id);
    expect(stored).toMatchObject({ ownerId: TEST_ACTOR.userId, status: 'ready', contentType: 'text/markdown', metadata: { author: 'support', revision: 3 } });

    const { result: found } = await run<{ results: Array<{ filename: string }> }>('kb_search', { query: 'do gift cards expire?' });
    expect(found.results[0].filename).toBe('gift-cards.md');
  });

  it("When a user adds to another user's public base, Then the call is denied and nothing is stored", async () => {
    const outcome = await kernel.invoke('kb_add_document', { knowledge_base_id: otherPublic, title: 'x.txt', content: 'Injected text.' });
    expect(outcome).toMatchObject({ success: false, error: { code: 'capability_denied' } });
    expect(await bed.manager.get(OTHER, otherPublic)).toMatchObject({ documentCount: 1 });
  });

  it("When a user adds to another user's private base, Then it fails as not found", async () => {
    const outcome = await kernel.invoke('kb_add_document', { knowledge_base_id: otherPrivate, title: 'x.txt', content: 'Injected text.' });
    expect(outcome).toMatchObject({ success: false, error: { code: 'runtime_error', reason: 'not_found', message: expect.stringContaining('not found') } });
  });

  it.each([
    [{ knowledge_base_id: EXAMPLE_BASE_ID, title: 't', content: 'x'.repeat(200_001) }],
    [{ knowledge_base_id: EXAMPLE_BASE_ID, title: '', content: 'text' }],
    [{ knowledge_base_id: EXAMPLE_BASE_ID, title: 't', content: 'text', content_type: 'text/html' }],
    [{ knowledge_base_id: EXAMPLE_BASE_ID, title: 't', content: 'text', metadata: { nested: { no: 1 } } }],
  ])('When the input is invalid (%#), Then the kernel refuses it before the host', async (input) => {
    expect(await kernel.invoke('kb_add_document', input)).toMatchObject({ success: false, error: { code: 'invalid_input' } });
  });
});

describe('rag_answer', () => {
  it('When asked a question the bases answer, Then the offline model answers from the passage and cites it', async () => {
    const { result, used } = await run<{
      answer: string;
      status: string;
      sources: Array<{ number: number; filename: string }>;
      citations: number[];
      model: string;
    }>('rag_answer', { question: '退货期限是多久？', knowledge_base_id: EXAMPLE_BASE_ID, top_k: 3 });
    expect(used.sort()).toEqual(['knowledge', 'llm']);
    expect(llm.calls).toBe(1);
    expect(result).toMatchObject({ status: 'answered', model: 'offline-1' });
    expect(result.answer).toMatch(/^\[离线模型\] 根据资料：.*三十天.*\[\d\]$/);
    // Passages below RAG's relevance threshold are not quoted: the other pages do not answer this.
    expect(result.sources.map((source) => source.filename)).toEqual([CHINESE_PAGES.returns.title]);
    const cited = result.sources.find((source) => source.number === result.citations[0]);
    expect(cited?.filename).toBe(CHINESE_PAGES.returns.title);
  });

  it('When the base holds nothing, Then it says so without asking the model', async () => {
    const empty = await bed.manager.create(LONELY, { name: 'Empty' });
    const { result } = await run('rag_answer', { question: 'What is the refund policy?', knowledge_base_id: empty.id }, LONELY);
    expect(result).toEqual({
      answer: 'No relevant information was found in the knowledge bases for this question.',
      status: 'no_sources',
      sources: [],
      citations: [],
      model: null,
    });
    expect(llm.calls).toBe(0);
  });

  it('When the model is down, Then the passages still come back with status model_unavailable', async () => {
    llm.failing = true;
    const { result } = await run<{ status: string; sources: unknown[]; answer: string }>('rag_answer', {
      question: 'How long is the password reset link valid?',
    });
    expect(result.status).toBe('model_unavailable');
    expect(result.answer).toContain('upstream_error');
    expect(result.sources.length).toBeGreaterThan(0);
  });
});
