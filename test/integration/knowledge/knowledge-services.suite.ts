import { KnowledgeSearchHit } from '../../../core/domain/knowledge/knowledge-search';
import { StorageKind } from '../../../adapters/config/app-config';
import { Actor } from '../../../core/domain/auth/actor';
import { KNOWLEDGE_BASE_REPOSITORY } from '../../../core/ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY } from '../../../core/ports/knowledge-document-repository.port';
import { KNOWLEDGE_KEYWORD_INDEX } from '../../../core/ports/knowledge-keyword-index.port';
import { UNIT_OF_WORK } from '../../../core/ports/unit-of-work.port';
import { USER_REPOSITORY } from '../../../core/ports/user-repository.port';
import { VectorStore } from '../../../core/ports/vector-store.port';
import { knowledgeCollection } from '../../../core/services/knowledge/knowledge-vectors';

import { CHINESE_PAGES, HANDBOOK, HANDBOOK_SECTIONS, SUPPORT_PAGE } from '../../fixtures/knowledge/sample-corpus';
import { createKnowledgeTestBed, KnowledgeTestBed } from '../../fixtures/knowledge/knowledge-test-bed';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { aUser } from '../../fixtures/users/user.mother';

const KNOWLEDGE_COLLECTION = knowledgeCollection('hashing:384');

/** A vector store for the suite, over the test's storage. */
export interface KnowledgeVectorsSubject {
  store: VectorStore;
  /** A fresh store over what the first one persisted, as after a restart (stores that keep an index in process). */
  reload?(): Promise<VectorStore>;
  close(): Promise<void>;
}

/**
 * The knowledge services on real storage (SQLite, or MariaDB), the given vector store,
 * hashing embeddings and the offline model: search quality in English and Chinese,
 * authorization, deletion, RAG.
 */
export function describeKnowledgeServices(
  kind: StorageKind,
  makeVectors: (storage: TestStorage) => Promise<KnowledgeVectorsSubject>,
  options: { restarts?: boolean } = {},
): void {
  let storage: TestStorage;
  let vectors: KnowledgeVectorsSubject;
  let bed: KnowledgeTestBed;
  let alice: Actor;
  let bob: Actor;
  const admin: Actor = { userId: 'admin-1', role: 'admin' };

  async function storedUser(): Promise<Actor> {
    const user = aUser();
    await storage.get(USER_REPOSITORY).create(user);
    return { userId: user.id, role: 'user' };
  }

  /** Vectors the store holds with this metadata value, whatever their similarity. */
  async function vectorCount(key: string, value: string): Promise<number> {
    const hits = await vectors.store.search(KNOWLEDGE_COLLECTION, { vector: probe, k: 1000, filter: { [key]: value } });
    return hits.length;
  }

  beforeAll(async () => {
    storage = await createTestStorage(kind);
    vectors = await makeVectors(storage);
    bed = bedOver(storage, vectors.store);
    alice = await storedUser();
    bob = await storedUser();
  });
  afterAll(async () => {
    await vectors?.close();
    await storage?.destroy();
  });

  describe('English search quality', () => {
    let baseId: string;
    let handbookId: string;

    beforeAll(async () => {
      baseId = (await bed.manager.create(alice, { name: 'Help center' })).id;
      const handbook = await bed.ingestor.add(alice, baseId, { title: 'handbook.md', content: HANDBOOK, contentType: 'text/markdown' });
      handbookId = handbook.id;
      await bed.ingestor.add(alice, baseId, { title: 'support.txt', content: SUPPORT_PAGE });
    });

    it('When the handbook is added, Then each section becomes its own chunk', async () => {
      const chunks = await storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY).chunksOf(handbookId);
      expect(chunks.map((chunk) => chunk.content)).toEqual(Object.values(HANDBOOK_SECTIONS));
    });

    it.each([
      ['I forgot my password, how long is the reset link valid?', HANDBOOK_SECTIONS.password],
      ['How many API requests per minute can I send before I get a 429 error?', HANDBOOK_SECTIONS.rateLimits],
      ['When are invoices sent, and can I pay by bank transfer?', HANDBOOK_SECTIONS.invoices],
      ['How can I download an archive of all my projects and attachments?', HANDBOOK_SECTIONS.export],
      ['At what time does the support team answer chats?', SUPPORT_PAGE],
    ])('When asked "%s", Then the passage that answers it ranks first', async (query, expected) => {
      const [best] = await bed.searcher.search(alice, { query, knowledgeBaseId: baseId });
      expect(best.content).toBe(expected);
    });
  });

  describe('Chinese search quality', () => {
    let baseId: string;

    beforeAll(async () => {
      baseId = (await bed.manager.create(alice, { name: '帮助中心' })).id;
      for (const page of Object.values(CHINESE_PAGES)) await bed.ingestor.add(alice, baseId, page);
    });

    it.each([
      ['收到的商品不满意，多少天内可以退货？', CHINESE_PAGES.returns.title],
      ['订单多久发货，运费多少？', CHINESE_PAGES.shipping.title],
      ['快递几天能送达？', CHINESE_PAGES.shipping.title],
      ['积分可以换成现金吗？', CHINESE_PAGES.points.title],
      ['忘记密码了怎么办？', CHINESE_PAGES.security.title],
    ])('When asked "%s", Then %s ranks first', async (query, title) => {
      const [best] = await bed.searcher.search(alice, { query, knowledgeBaseId: baseId });
      expect(best.title).toBe(title);
    });

    it('When RAG answers a Chinese question with the offline model, Then it cites the page that holds the answer', async () => {
      const result = await bed.answerer.answer(alice, { question: '退货期限是多久？', knowledgeBaseId: baseId, topK: 3 });
      const cited = result.sources.find((source) => source.index === result.citations[0]);
      expect(result.grounded).toBe(true);
      expect(result.answer).toMatch(/^\[离线模型\] 根据资料：/);
      expect(cited?.title).toBe(CHINESE_PAGES.returns.title);
    });
  });

  describe('authorization', () => {
    let privateBase: string;
    let publicBase: string;

    beforeAll(async () => {
      privateBase = (await bed.manager.create(bob, { name: 'Bob private' })).id;
      publicBase = (await bed.manager.create(bob, { name: 'Bob public', isPublic: true })).id;
      await bed.ingestor.add(bob, privateBase, { title: 'plans.txt', content: 'The secret merger with Globex closes in October.' });
      await bed.ingestor.add(bob, publicBase, { title: 'faq.txt', content: 'The office kitchen closes at six in the evening.' });
    });

    it("When Alice lists and searches, Then Bob's private base and its text never appear", async () => {
      const listed = (await bed.manager.list(alice, { page: 1, pageSize: 100 })).items.map((base) => base.id);
      expect(listed).toContain(publicBase);
      expect(listed).not.toContain(privateBase);
      const hits = await bed.searcher.search(alice, { query: 'secret merger Globex closes', topK: 50 });
      expect(hits.some((hit) => hit.content.includes('Globex'))).toBe(false);
      expect(hits.some((hit) => hit.content.includes('kitchen'))).toBe(true);
    });

    it("When Alice names Bob's private base, Then reading, searching, adding and deleting are all refused as not found", async () => {
      const notFound = { code: 'knowledge_base.not_found' };
      await expect(bed.manager.get(alice, privateBase)).rejects.toMatchObject(notFound);
      await expect(bed.searcher.search(alice, { query: 'merger', knowledgeBaseId: privateBase })).rejects.toMatchObject(notFound);
      await expect(bed.ingestor.add(alice, privateBase, { title: 'x', content: 'y' })).rejects.toMatchObject(notFound);
      await expect(bed.manager.delete(alice, privateBase)).rejects.toMatchObject(notFound);
      await expect(bed.documentManager.list(alice, privateBase, { page: 1, pageSize: 10 })).rejects.toMatchObject(notFound);
    });

    it("When Alice tries to change Bob's public base, Then it is forbidden and nothing changes", async () => {
      await expect(bed.ingestor.add(alice, publicBase, { title: 'x', content: 'y' })).rejects.toMatchObject({ code: 'knowledge_base.forbidden' });
      await expect(bed.manager.delete(alice, publicBase)).rejects.toMatchObject({ code: 'knowledge_base.forbidden' });
      expect(await bed.manager.get(alice, publicBase)).toMatchObject({ documentCount: 1 });
    });

    it('When an admin searches, Then every base is searched', async () => {
      const [best] = await bed.searcher.search(admin, { query: 'secret merger with Globex' });
      expect(best.content).toContain('Globex');
    });
  });

  describe('deletion', () => {
    it('When a base is deleted, Then its vectors are removed from the index and from storage, with its documents and chunks', async () => {
      const base = await bed.manager.create(alice, { name: 'Temporary' });
      const doc = await bed.ingestor.add(alice, base.id, { title: 'tmp.md', content: HANDBOOK });
      expect(await vectorCount('knowledge_base_id', base.id)).toBe(doc.chunkCount);

      await bed.manager.delete(alice, base.id);

      expect(await vectorCount('knowledge_base_id', base.id)).toBe(0);
      expect(await storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY).chunksOf(doc.id)).toEqual([]);
      expect(await storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY).findById(doc.id)).toBeNull();
    });

    it('When a document is deleted, Then its vectors and chunks go and the other documents stay searchable', async () => {
      const base = await bed.manager.create(alice, { name: 'Two docs' });
      const gone = await bed.ingestor.add(alice, base.id, { title: 'gone.txt', content: 'Penguins live in the southern hemisphere.' });
      await bed.ingestor.add(alice, base.id, { title: 'kept.txt', content: 'Polar bears live in the Arctic.' });

      await bed.documentManager.delete(alice, base.id, gone.id);

      expect(await vectorCount('document_id', gone.id)).toBe(0);
      const titles = (await bed.searcher.search(alice, { query: 'where do penguins live', knowledgeBaseId: base.id })).map((hit) => hit.title);
      expect(titles).toEqual(['kept.txt']);
      expect(await bed.manager.get(alice, base.id)).toMatchObject({ documentCount: 1 });
    });
  });

  const itRestarts = options.restarts ? it : it.skip;
  itRestarts('When the index is rebuilt (a restart), Then search answers the same', async () => {
    const base = await bed.manager.create(alice, { name: 'Durable' });
    await bed.ingestor.add(alice, base.id, { title: 'handbook.md', content: HANDBOOK });
    const query = { query: 'reset link valid for how long', knowledgeBaseId: base.id };
    const before = await bed.searcher.search(alice, query);

    const reloaded = await (vectors.reload as () => Promise<VectorStore>)();
    const after = await bedOver(storage, reloaded).searcher.search(alice, query);

    // Stored vectors are float32: scores agree to about seven digits.
    const exact = ({ score: _score, vectorScore: _vector, relevance: _relevance, ...hit }: KnowledgeSearchHit) => hit;
    expect(after.map(exact)).toEqual(before.map(exact));
    after.forEach((hit, i) => {
      expect(hit.score).toBeCloseTo(before[i].score, 5);
      expect(hit.relevance).toBeCloseTo(before[i].relevance, 5);
      expect(hit.vectorScore ?? 0).toBeCloseTo(before[i].vectorScore ?? 0, 5);
    });
  });
}

// Far from every text's vector in no particular way: with k large, every filtered record comes back.
const probe = Array.from({ length: 384 }, (_, i) => (i % 2 === 0 ? 1 : -1));

function bedOver(storage: TestStorage, store: VectorStore): KnowledgeTestBed {
  return createKnowledgeTestBed({
    bases: storage.get(KNOWLEDGE_BASE_REPOSITORY),
    documents: storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY),
    unitOfWork: storage.get(UNIT_OF_WORK),
    keywords: storage.get(KNOWLEDGE_KEYWORD_INDEX),
    vectors: store,
  });
}
