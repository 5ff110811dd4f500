import { randomUUID } from 'node:crypto';
import { KnowledgeBase } from '../../../core/domain/knowledge/knowledge-base.entity';
import { KnowledgeDocumentRepository } from '../../../core/ports/knowledge-document-repository.port';
import { aKnowledgeBase, aKnowledgeDocument, chunksOf } from '../../fixtures/knowledge/knowledge.mother';
import { anOwner, KnowledgeStorageHarness } from './knowledge-storage.harness';

const at = (iso: string): Date => new Date(iso);

export function describeKnowledgeDocumentRepositoryContract(name: string, makeHarness: () => Promise<KnowledgeStorageHarness>): void {
  describe(name, () => {
    let harness: KnowledgeStorageHarness;
    let ownerId: string;
    const documents = (): KnowledgeDocumentRepository => harness.documents;

    async function aStoredBase(): Promise<KnowledgeBase> {
      const base = aKnowledgeBase({ ownerId });
      await harness.bases.create(base);
      return base;
    }

    beforeAll(async () => {
      harness = await makeHarness();
      ownerId = await anOwner(harness);
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a document is created with its chunks, Then both read back unchanged, chunks by index', async () => {
      const base = await aStoredBase();
      const doc = aKnowledgeDocument({
        knowledgeBaseId: base.id,
        ownerId,
        title: '季度报告 Q3 — "final".md',
        status: 'processing',
        metadata: { source: 'https://example.com/a?b=c', pages: 12, draft: false, 作者: '王伟' },
        createdAt: at('2030-06-07T08:09:10.011Z'),
      });
      const chunks = chunksOf(doc, 3).reverse();
      await documents().create(doc, chunks);
      expect(await documents().findById(doc.id)).toEqual(doc);
      expect(await documents().chunksOf(doc.id)).toEqual(chunksOf(doc, 3));
    });

    it('When a document has more chunks than one statement carries, Then every chunk is stored', async () => {
      const base = await aStoredBase();
      const doc = aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId, chunkCount: 450 });
      await documents().create(doc, chunksOf(doc, 450));
      const stored = await documents().chunksOf(doc.id);
      expect(stored).toHaveLength(450);
      expect(stored[449]).toEqual(chunksOf(doc, 450)[449]);
    });

    it('When a chunk cannot be stored, Then the document is not stored either', async () => {
      const base = await aStoredBase();
      const doc = aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId });
      const duplicated = [...chunksOf(doc, 2), chunksOf(doc, 2)[1]];
      await expect(documents().create(doc, duplicated)).rejects.toBeDefined();
      expect(await documents().findById(doc.id)).toBeNull();
      expect(await documents().chunksOf(doc.id)).toEqual([]);
    });

    it('When the unit of work around a create fails, Then neither document nor chunks remain', async () => {
      const base = await aStoredBase();
      const doc = aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId });
      const failure = harness.unitOfWork.run(async () => {
        await documents().create(doc, chunksOf(doc, 2));
        throw new Error('later step failed');
      });
      await expect(failure).rejects.toThrow('later step failed');
      expect(await documents().findById(doc.id)).toBeNull();
      expect(await documents().chunksOf(doc.id)).toEqual([]);
    });

    it('When the base does not exist, Then create is refused', async () => {
      const doc = aKnowledgeDocument({ knowledgeBaseId: randomUUID(), ownerId });
      await expect(documents().create(doc, chunksOf(doc, 1))).rejects.toBeDefined();
      expect(await documents().findById(doc.id)).toBeNull();
    });

    it('When documents are fetched by ids, Then the existing ones come back once each', async () => {
      const base = await aStoredBase();
      const [a, b] = [aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId }), aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId })];
      await documents().create(a, []);
      await documents().create(b, []);
      const found = await documents().findByIds([a.id, randomUUID(), b.id, a.id]);
      expect(found.map((doc) => doc.id).sort()).toEqual([a.id, b.id].sort());
      expect(await documents().findByIds([])).toEqual([]);
    });

    it("When a base's documents are listed, Then they come newest first, paged, without other bases' documents", async () => {
      const [base, other] = [await aStoredBase(), await aStoredBase()];
      const docs = ['2024-01-01', '2024-03-01', '2024-02-01'].map((day) =>
        aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId, createdAt: at(`${day}T00:00:00.000Z`) }),
      );
      for (const doc of docs) await documents().create(doc, []);
      await documents().create(aKnowledgeDocument({ knowledgeBaseId: other.id, ownerId }), []);

      const all = await documents().listByKnowledgeBase(base.id, { page: 1, pageSize: 10 });
      expect(all).toEqual({ items: [docs[1], docs[2], docs[0]], total: 3, page: 1, pageSize: 10 });
      expect(await documents().listByKnowledgeBase(base.id, { page: 2, pageSize: 2 })).toEqual({
        items: [docs[0]],
        total: 3,
        page: 2,
        pageSize: 2,
      });
    });

    it('When documents are counted per base, Then a base without any counts 0', async () => {
      const [full, empty] = [await aStoredBase(), await aStoredBase()];
      for (let i = 0; i < 3; i += 1) await documents().create(aKnowledgeDocument({ knowledgeBaseId: full.id, ownerId }), []);
      const counts = await documents().countByKnowledgeBases([full.id, empty.id]);
      expect([...counts.entries()].sort()).toEqual(
        [
          [full.id, 3],
          [empty.id, 0],
        ].sort(),
      );
      expect((await documents().countByKnowledgeBases([])).size).toBe(0);
    });

    it('When the status is set, Then it and updatedAt change; setting it again still finds the row', async () => {
      const base = await aStoredBase();
      const doc = aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId, status: 'processing' });
      await documents().create(doc, []);
      const later = at('2024-09-09T09:09:09.999Z');
      expect(await documents().setStatus(doc.id, 'ready', later)).toBe(true);
      expect(await documents().setStatus(doc.id, 'ready', later)).toBe(true);
      expect(await documents().findById(doc.id)).toEqual({ ...doc, status: 'ready', updatedAt: later });
      expect(await documents().setStatus(randomUUID(), 'ready', later)).toBe(false);
    });

    it('When a document is deleted, Then its chunks go too and other documents stay', async () => {
      const base = await aStoredBase();
      const [gone, kept] = [aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId }), aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId })];
      await documents().create(gone, chunksOf(gone, 2));
      await documents().create(kept, chunksOf(kept, 2));

      expect(await documents().delete(gone.id)).toBe(true);

      expect(await documents().findById(gone.id)).toBeNull();
      expect(await documents().chunksOf(gone.id)).toEqual([]);
      expect(await documents().chunksOf(kept.id)).toEqual(chunksOf(kept, 2));
      expect(await documents().delete(gone.id)).toBe(false);
    });
  });
}
