import { randomUUID } from 'node:crypto';
import { KnowledgeBaseRepository } from '../../../core/ports/knowledge-base-repository.port';
import { aKnowledgeBase, aKnowledgeDocument, chunksOf } from '../../fixtures/knowledge/knowledge.mother';
import { anOwner, KnowledgeStorageHarness } from './knowledge-storage.harness';

const at = (iso: string): Date => new Date(iso);

export function describeKnowledgeBaseRepositoryContract(name: string, makeHarness: () => Promise<KnowledgeStorageHarness>): void {
  describe(name, () => {
    let harness: KnowledgeStorageHarness;
    const bases = (): KnowledgeBaseRepository => harness.bases;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a base is created, Then findById returns every field unchanged', async () => {
      const ownerId = await anOwner(harness);
      const base = aKnowledgeBase({ ownerId, name: 'Produkt-Handbuch 产品手册 🚀', description: 'Zeilen\nmit "Quotes"', isPublic: true });
      await bases().create(base);
      expect(await bases().findById(base.id)).toEqual(base);
      const privateBase = aKnowledgeBase({ ownerId, createdAt: at('2031-12-31T23:59:58.987Z'), updatedAt: at('2032-01-01T00:00:00.001Z') });
      await bases().create(privateBase);
      expect(await bases().findById(privateBase.id)).toEqual(privateBase);
    });

    it('When the id is unknown, Then findById returns null', async () => {
      expect(await bases().findById(randomUUID())).toBeNull();
    });

    describe('visibility', () => {
      let me: string;
      let other: string;
      let ids: { minePrivate: string; minePublic: string; theirsPrivate: string; theirsPublic: string };

      beforeAll(async () => {
        // Owners of their own, so bases from other tests never show up in these lists.
        me = await anOwner(harness);
        other = await anOwner(harness);
        const minePrivate = aKnowledgeBase({ ownerId: me, createdAt: at('2024-01-01T00:00:00.000Z') });
        const minePublic = aKnowledgeBase({ ownerId: me, isPublic: true, createdAt: at('2024-01-03T00:00:00.000Z') });
        const theirsPrivate = aKnowledgeBase({ ownerId: other, createdAt: at('2024-01-02T00:00:00.000Z') });
        const theirsPublic = aKnowledgeBase({ ownerId: other, isPublic: true, createdAt: at('2024-01-04T00:00:00.000Z') });
        for (const base of [minePrivate, minePublic, theirsPrivate, theirsPublic]) await bases().create(base);
        ids = { minePrivate: minePrivate.id, minePublic: minePublic.id, theirsPrivate: theirsPrivate.id, theirsPublic: theirsPublic.id };
      });

      it("When a user lists, Then they get their own bases and public ones, never another user's private base", async () => {
        const page = await bases().list({ kind: 'owned-or-public', userId: me }, { page: 1, pageSize: 100 });
        const listed = page.items.map((base) => base.id);
        expect(listed).toEqual(expect.arrayContaining([ids.minePrivate, ids.minePublic, ids.theirsPublic]));
        expect(listed).not.toContain(ids.theirsPrivate);
        expect(page.total).toBe(page.items.length);
        expect(page.items.every((base) => base.ownerId === me || base.isPublic)).toBe(true);
      });

      it('When a user lists, Then bases come newest first and pages split them', async () => {
        const visibility = { kind: 'owned-or-public', userId: other } as const;
        const all = await bases().list(visibility, { page: 1, pageSize: 100 });
        const times = all.items.map((base) => base.createdAt.getTime());
        expect(times).toEqual([...times].sort((a, b) => b - a));
        const second = await bases().list(visibility, { page: 2, pageSize: 1 });
        expect(second).toEqual({ items: [all.items[1]], total: all.total, page: 2, pageSize: 1 });
      });

      it('When an admin lists everything, Then private bases of every owner are included', async () => {
        const page = await bases().list({ kind: 'all' }, { page: 1, pageSize: 100 });
        expect(page.total).toBeGreaterThanOrEqual(4);
        const everything = await bases().visibleIds({ kind: 'all' });
        expect(everything).toEqual(expect.arrayContaining(Object.values(ids)));
      });

      it('When visible ids are asked for, Then they are exactly the ids the list shows', async () => {
        const visibility = { kind: 'owned-or-public', userId: me } as const;
        const listed = (await bases().list(visibility, { page: 1, pageSize: 100 })).items.map((base) => base.id);
        expect((await bases().visibleIds(visibility)).sort()).toEqual([...listed].sort());
      });
    });

    it('When a base is touched, Then only updatedAt moves; the same instant twice still finds the row', async () => {
      const base = aKnowledgeBase({ ownerId: await anOwner(harness) });
      await bases().create(base);
      const later = at('2025-02-03T04:05:06.789Z');
      expect(await bases().touch(base.id, later)).toBe(true);
      expect(await bases().touch(base.id, later)).toBe(true);
      expect(await bases().findById(base.id)).toEqual({ ...base, updatedAt: later });
      expect(await bases().touch(randomUUID(), later)).toBe(false);
    });

    it('When a base is deleted, Then its documents and their chunks go with it, and a second delete finds nothing', async () => {
      const ownerId = await anOwner(harness);
      const base = aKnowledgeBase({ ownerId });
      const kept = aKnowledgeBase({ ownerId });
      await bases().create(base);
      await bases().create(kept);
      const doc = aKnowledgeDocument({ knowledgeBaseId: base.id, ownerId });
      const keptDoc = aKnowledgeDocument({ knowledgeBaseId: kept.id, ownerId });
      await harness.documents.create(doc, chunksOf(doc, 3));
      await harness.documents.create(keptDoc, chunksOf(keptDoc, 2));

      expect(await bases().delete(base.id)).toBe(true);

      expect(await bases().findById(base.id)).toBeNull();
      expect(await harness.documents.findById(doc.id)).toBeNull();
      expect(await harness.documents.chunksOf(doc.id)).toEqual([]);
      expect(await harness.documents.chunksOf(keptDoc.id)).toHaveLength(2);
      expect(await bases().delete(base.id)).toBe(false);
    });
  });
}
