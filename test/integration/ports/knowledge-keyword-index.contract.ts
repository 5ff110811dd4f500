import { KnowledgeKeywordHit, KnowledgeKeywordIndex } from '../../../core/ports/knowledge-keyword-index.port';

/**
 * A keyword index and the store its chunks live in: documents are added and deleted the way the
 * knowledge services do it on that engine (the document repository for SQL, the vector store's
 * knowledge collection for Elasticsearch), and the index must follow.
 */
export interface KnowledgeKeywordHarness {
  index: KnowledgeKeywordIndex;
  /** A new, empty base's id. */
  aBase(): Promise<string>;
  /** Stores a document of `passages` (chunk i is passage i) in the base; its id. */
  addDocument(knowledgeBaseId: string, passages: string[]): Promise<string>;
  deleteDocument(documentId: string): Promise<void>;
  deleteBase(knowledgeBaseId: string): Promise<void>;
  destroy(): Promise<void>;
}

const SYNTAX_QUERIES = [
  '"foo" OR NEAR(',
  '"',
  '*',
  'NEAR(',
  '-',
  '+',
  '@',
  '(',
  ')',
  'kiwi*',
  '"kiwi',
  '-kiwi +pear',
  '@kiwi ~pear <x >y',
  'a AND (b OR',
  "kiwi' OR '1'='1",
];

export function describeKnowledgeKeywordIndexContract(name: string, makeHarness: () => Promise<KnowledgeKeywordHarness>): void {
  describe(name, () => {
    let harness: KnowledgeKeywordHarness;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    const search = (query: string, knowledgeBaseIds?: string[], documentIds?: string[], k = 10): Promise<KnowledgeKeywordHit[]> =>
      harness.index.search({ query, k, knowledgeBaseIds, documentIds });
    const contents = (hits: KnowledgeKeywordHit[]): string[] => hits.map((hit) => hit.content);

    it('When a product code is searched, Then the chunk holding it comes first, with its ids, index and content', async () => {
      const base = await harness.aBase();
      const other = await harness.aBase();
      const manual = await harness.addDocument(base, ['Safety notes for every pump.', 'Replacement part ZX-4471 fits the primary pump.']);
      await harness.addDocument(base, ['Part ZX-4470 fits the valve.', 'The 4471 series manual.']);
      await harness.addDocument(other, ['Replacement part ZX-4471 fits the primary pump.']);

      const hits = await search('ZX-4471', [base]);

      expect(hits[0]).toEqual({
        documentId: manual,
        knowledgeBaseId: base,
        chunkIndex: 1,
        content: 'Replacement part ZX-4471 fits the primary pump.',
        score: expect.any(Number),
      });
      expect(contents(hits)).not.toContain('Safety notes for every pump.');
    });

    it('When several English words are searched, Then chunks matching any come back, the one matching most first, scores descending', async () => {
      const base = await harness.aBase();
      await harness.addDocument(base, ['The vector store answers quickly.', 'Database backups run nightly.']);
      await harness.addDocument(base, ['Tuning the vector database index for better recall.', 'Lunch is served at noon.']);

      const hits = await search('vector database index tuning', [base]);

      expect(contents(hits)[0]).toBe('Tuning the vector database index for better recall.');
      expect(contents(hits).sort()).toEqual([
        'Database backups run nightly.',
        'The vector store answers quickly.',
        'Tuning the vector database index for better recall.',
      ]);
      const scores = hits.map((hit) => hit.score);
      expect(scores.every(Number.isFinite)).toBe(true);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    });

    it('When a Chinese phrase is searched among Chinese chunks, Then the chunk containing it comes first', async () => {
      const base = await harness.aBase();
      await harness.addDocument(base, ['关系数据库支持事务和索引。', '向量计算需要显卡。', '今天天气很好，适合散步。']);
      await harness.addDocument(base, ['我们使用向量数据库进行相似度检索。']);

      const hits = await search('向量数据库', [base]);

      expect(contents(hits)[0]).toBe('我们使用向量数据库进行相似度检索。');
      expect(contents(hits)).not.toContain('今天天气很好，适合散步。');
    });

    it('When a two-letter word or a common English word is searched, Then it is found like any other', async () => {
      const base = await harness.aBase();
      await harness.addDocument(base, ['AI agents plan their tasks.', 'Agents plan their tasks.', 'Work with the platform.']);

      expect(contents(await search('AI', [base]))).toEqual(['AI agents plan their tasks.']);
      expect(contents(await search('ai', [base]))).toEqual(['AI agents plan their tasks.']);
      expect(contents(await search('with', [base]))).toEqual(['Work with the platform.']);
    });

    it('When bases or documents are given, Then only their chunks are searched; an empty list finds nothing', async () => {
      const [first, second, third] = [await harness.aBase(), await harness.aBase(), await harness.aBase()];
      const a = await harness.addDocument(first, ['Kiwi harvest report.']);
      const b = await harness.addDocument(second, ['Kiwi export figures.']);
      await harness.addDocument(third, ['Kiwi prices fell.']);

      expect(contents(await search('kiwi', [first, second])).sort()).toEqual(['Kiwi export figures.', 'Kiwi harvest report.']);
      expect(contents(await search('kiwi', [first, second, third], [b]))).toEqual(['Kiwi export figures.']);
      expect(contents(await search('kiwi', [first], [b]))).toEqual([]);
      expect(contents(await search('kiwi', undefined, [a, b])).sort()).toEqual(['Kiwi export figures.', 'Kiwi harvest report.']);
      expect(await search('kiwi', [])).toEqual([]);
      expect(await search('kiwi', undefined, [])).toEqual([]);
      expect(await search('kiwi', [first, second, third], undefined, 2)).toHaveLength(2);
    });

    it('When no base is given, Then every base is searched', async () => {
      const marker = `quokka${Date.now().toString(36)}`;
      const [first, second] = [await harness.aBase(), await harness.aBase()];
      const a = await harness.addDocument(first, [`The ${marker} smiles.`]);
      const b = await harness.addDocument(second, [`A ${marker} photo.`]);

      expect((await search(marker)).map((hit) => hit.documentId).sort()).toEqual([a, b].sort());
    });

    it('When a document is deleted, Then its chunks are no longer found, the others still are', async () => {
      const base = await harness.aBase();
      const doomed = await harness.addDocument(base, ['Papaya shipment delayed.', 'Papaya ripening guide.']);
      const kept = await harness.addDocument(base, ['Papaya recipes.']);

      await harness.deleteDocument(doomed);

      expect((await search('papaya', [base])).map((hit) => hit.documentId)).toEqual([kept]);
    });

    it('When a base is deleted, Then none of its chunks are found, other bases still are', async () => {
      const doomed = await harness.aBase();
      const kept = await harness.aBase();
      await harness.addDocument(doomed, ['Lychee season opens.']);
      await harness.addDocument(doomed, ['Lychee storage tips.']);
      await harness.addDocument(kept, ['Lychee tea.']);

      await harness.deleteBase(doomed);

      expect(contents(await search('lychee', [doomed, kept]))).toEqual(['Lychee tea.']);
    });

    it('When the query holds full-text syntax characters, Then the search does not throw and they match nothing of their own', async () => {
      const base = await harness.aBase();
      await harness.addDocument(base, ['Kiwi and pear salad.', 'Plain text.']);

      for (const query of SYNTAX_QUERIES) expect(Array.isArray(await search(query, [base]))).toBe(true);
      expect(contents(await search('kiwi*', [base]))).toEqual(['Kiwi and pear salad.']);
      expect(contents(await search('-kiwi +pear', [base]))).toEqual(['Kiwi and pear salad.']);
    });

    it('When the query is empty or only punctuation, Then nothing is found', async () => {
      const base = await harness.aBase();
      await harness.addDocument(base, ['Some text, with punctuation: "quotes" (and) more!']);

      expect(await search('', [base])).toEqual([]);
      expect(await search('   ', [base])).toEqual([]);
      expect(await search('"*-+@()!?:,.', [base])).toEqual([]);
      expect(await search('some', [base], undefined, 0)).toEqual([]);
    });
  });
}
