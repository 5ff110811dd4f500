import { Actor } from '../../../../core/domain/auth/actor';
import { knowledgeCollection } from '../../../../core/services/knowledge/knowledge-vectors';

import { InMemoryKnowledgeStorage } from '../../../fixtures/knowledge/in-memory-knowledge-storage';
import { createKnowledgeTestBed, KnowledgeTestBed } from '../../../fixtures/knowledge/knowledge-test-bed';

const KNOWLEDGE_COLLECTION = knowledgeCollection('hashing:384');

const alice: Actor = { userId: 'alice', role: 'user' };
const bob: Actor = { userId: 'bob', role: 'user' };
const carol: Actor = { userId: 'carol', role: 'user' };
const admin: Actor = { userId: 'root', role: 'admin' };

describe('KnowledgeSearcher', () => {
  let storage: InMemoryKnowledgeStorage;
  let bed: KnowledgeTestBed;
  let ids: { alicePrivate: string; bobPrivate: string; bobPublic: string };

  beforeEach(async () => {
    storage = new InMemoryKnowledgeStorage();
    bed = createKnowledgeTestBed(storage);
    const alicePrivate = await bed.manager.create(alice, { name: 'Alice notes' });
    const bobPrivate = await bed.manager.create(bob, { name: 'Bob secrets' });
    const bobPublic = await bed.manager.create(bob, { name: 'Bob public', isPublic: true });
    ids = { alicePrivate: alicePrivate.id, bobPrivate: bobPrivate.id, bobPublic: bobPublic.id };
    await bed.ingestor.add(alice, alicePrivate.id, {
      title: 'garden.txt',
      content: 'Tomatoes need six hours of sunlight and regular watering.',
      metadata: { topic: 'garden' },
    });
    await bed.ingestor.add(bob, bobPrivate.id, { title: 'salary.txt', content: 'Tomatoes budget: the salary review happens in March.' });
    await bed.ingestor.add(bob, bobPublic.id, { title: 'recipes.txt', content: 'Tomato soup: simmer tomatoes with garlic for twenty minutes.' });
  });

  it('When a user searches everything, Then the vector search is filtered to their own and public bases', async () => {
    const search = jest.spyOn(bed.vectors, 'search');
    const hits = await bed.searcher.search(alice, { query: 'tomatoes' });

    // The current model's collection and the one of bases indexed before models were recorded.
    expect(search.mock.calls.map(([collection]) => collection)).toEqual([KNOWLEDGE_COLLECTION, 'knowledge']);
    for (const [, query] of search.mock.calls) {
      expect((query.filter?.knowledge_base_id as string[]).sort()).toEqual([ids.alicePrivate, ids.bobPublic].sort());
    }
    expect(hits.map((hit) => hit.title).sort()).toEqual(['garden.txt', 'recipes.txt']);
    expect(hits.every((hit) => hit.knowledgeBaseId !== ids.bobPrivate)).toBe(true);
  });

  it('When hits come back, Then they carry the document, title, chunk position, text and score, best first', async () => {
    const [best, second] = await bed.searcher.search(alice, { query: 'how many hours of sunlight do tomatoes need' });
    const content = 'Tomatoes need six hours of sunlight and regular watering.';
    expect(best).toEqual({
      chunkId: `${best.documentId}:0`,
      documentId: expect.any(String),
      knowledgeBaseId: ids.alicePrivate,
      title: 'garden.txt',
      chunkIndex: 0,
      content,
      start: 0,
      end: content.length,
      score: expect.any(Number),
      relevance: expect.any(Number),
      vectorScore: expect.any(Number),
      keywordRank: 1,
    });
    expect(best.score).toBeGreaterThan(second.score);
  });

  it('When the mode is vector or keyword, Then only that search runs, and its own score orders the results', async () => {
    const keywordSearch = jest.spyOn(storage.keywords, 'search');
    const byVector = await bed.searcher.search(alice, { query: 'tomatoes sunlight', mode: 'vector' });
    expect(keywordSearch).not.toHaveBeenCalled();
    expect(byVector.every((hit) => hit.keywordRank === null && hit.score === hit.vectorScore)).toBe(true);
    const byTerms = await bed.searcher.search(alice, { query: 'tomatoes sunlight', mode: 'keyword' });
    expect(byTerms[0]).toMatchObject({ title: 'garden.txt', vectorScore: null, keywordRank: 1, score: 1, relevance: 1 });
  });

  it('When a passage holds none of the terms and little of the meaning, Then min_score drops it', async () => {
    const all = await bed.searcher.search(alice, { query: 'tomatoes sunlight' });
    expect(all.map((hit) => hit.title)).toEqual(['garden.txt', 'recipes.txt']);
    const hits = await bed.searcher.search(alice, { query: 'tomatoes sunlight', minScore: 0.6 });
    expect(hits.map((hit) => hit.title)).toEqual(['garden.txt']);
    expect(hits[0].relevance).toBeGreaterThanOrEqual(0.6);
  });

  it('When a metadata filter is given, Then only documents holding those values are searched', async () => {
    expect((await bed.searcher.search(alice, { query: 'tomatoes', filter: { topic: 'garden' } })).map((hit) => hit.title)).toEqual(['garden.txt']);
    expect(await bed.searcher.search(alice, { query: 'tomatoes', filter: { topic: 'none-such' } })).toEqual([]);
  });

  it("When a user names another user's private base, Then it is not found, without searching", async () => {
    const search = jest.spyOn(bed.vectors, 'search');
    await expect(bed.searcher.search(alice, { query: 'salary', knowledgeBaseId: ids.bobPrivate })).rejects.toMatchObject({
      code: 'knowledge_base.not_found',
    });
    expect(search).not.toHaveBeenCalled();
  });

  it('When a user names a public base, Then only that base is searched', async () => {
    const hits = await bed.searcher.search(alice, { query: 'tomatoes', knowledgeBaseId: ids.bobPublic });
    expect(hits.map((hit) => hit.title)).toEqual(['recipes.txt']);
  });

  it('When an admin searches everything, Then no base filter is applied', async () => {
    const search = jest.spyOn(bed.vectors, 'search');
    const hits = await bed.searcher.search(admin, { query: 'tomatoes' });
    expect(search.mock.calls[0][1].filter).toBeUndefined();
    expect(hits).toHaveLength(3);
  });

  it('When a user can see no base at all, Then the answer is empty and nothing is embedded', async () => {
    await bed.manager.delete(bob, ids.bobPublic);
    const search = jest.spyOn(bed.vectors, 'search');
    expect(await bed.searcher.search(carol, { query: 'tomatoes' })).toEqual([]);
    expect(search).not.toHaveBeenCalled();
  });

  it('When topK and minScore are given, Then at most topK hits at or above minScore come back', async () => {
    expect(await bed.searcher.search(admin, { query: 'tomatoes', topK: 1 })).toHaveLength(1);
    const close = await bed.searcher.search(admin, { query: 'tomato soup garlic', minScore: 0.3 });
    expect(close.map((hit) => hit.title)).toEqual(['recipes.txt']);
  });

  it('When a vector has no ready document behind it, Then it is never served', async () => {
    const [orphan] = await bed.searcher.search(alice, { query: 'sunlight' });
    await storage.documents.setStatus(orphan.documentId, 'processing', new Date());
    expect((await bed.searcher.search(alice, { query: 'sunlight' })).map((hit) => hit.title)).not.toContain('garden.txt');
    storage.tables.documents.delete(orphan.documentId);
    expect((await bed.searcher.search(alice, { query: 'sunlight' })).map((hit) => hit.title)).not.toContain('garden.txt');
  });

  it.each([
    [{ query: ' ' }, 'query'],
    [{ query: 'x'.repeat(10_001) }, 'query'],
    [{ query: 'ok', topK: 0 }, 'top_k'],
    [{ query: 'ok', topK: 51 }, 'top_k'],
    [{ query: 'ok', topK: 2.5 }, 'top_k'],
    [{ query: 'ok', minScore: 2 }, 'min_score'],
  ])('When the request is %j, Then it is refused naming %s', async (request, field) => {
    await expect(bed.searcher.search(alice, request)).rejects.toMatchObject({ code: 'input.validation', details: [expect.objectContaining({ field })] });
  });
});
