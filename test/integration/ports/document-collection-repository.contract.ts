import { randomUUID } from 'node:crypto';
import { DataSourceRepository } from '../../../core/ports/data-source-repository.port';
import { DocumentCollectionRepository, StoredDocument } from '../../../core/ports/document-collection-repository.port';
import { aDataSource } from './data-source-repository.contract';

export interface DocumentCollectionRepositoryHarness {
  documents: DocumentCollectionRepository;
  /** Documents belong to an existing data source (a foreign key in SQL storage). */
  sources: DataSourceRepository;
  destroy(): Promise<void>;
}

export function describeDocumentCollectionRepositoryContract(name: string, makeHarness: () => Promise<DocumentCollectionRepositoryHarness>): void {
  describe(name, () => {
    let harness: DocumentCollectionRepositoryHarness;
    const repository = (): DocumentCollectionRepository => harness.documents;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    async function aDocumentSource(): Promise<string> {
      const source = aDataSource({ type: 'document', config: {}, sealedSecret: null } as never);
      await harness.sources.create(source);
      return source.id;
    }

    function documents(dataSourceId: string, collection: string, bodies: StoredDocument['body'][]): StoredDocument[] {
      return bodies.map((body) => ({ id: randomUUID(), dataSourceId, collection, body, createdAt: new Date('2024-01-02T03:04:05.678Z') }));
    }

    it('When documents are inserted, Then a scan returns them in insertion order with bodies unchanged', async () => {
      const sourceId = await aDocumentSource();
      const stored = documents(sourceId, 'orders', [
        { n: 3, name: 'Zoë', nested: { list: [1, 'two', null, { deep: true }] } },
        { n: 1, text: '数据 ✓ "quoted" \\ back' },
        { n: 2, empty: {} },
      ]);
      await repository().insert(stored);
      const scan = await repository().scan(sourceId, 'orders', null, 10);
      expect(scan).toEqual({ documents: stored, next: null });
    });

    it('When scanning in batches, Then the cursor walks the whole collection once, and other collections stay apart', async () => {
      const sourceId = await aDocumentSource();
      const stored = documents(
        sourceId,
        'events',
        Array.from({ length: 7 }, (_, i) => ({ i })),
      );
      await repository().insert(stored);
      await repository().insert(documents(sourceId, 'other', [{ i: 99 }]));
      const seen: number[] = [];
      let cursor: string | null = null;
      let batches = 0;
      do {
        const batch = await repository().scan(sourceId, 'events', cursor, 3);
        seen.push(...batch.documents.map((d) => d.body.i as number));
        cursor = batch.next;
        batches += 1;
      } while (cursor !== null);
      expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(batches).toBe(3);
    });

    it('When counting and listing collections, Then each collection of the source is counted by name', async () => {
      const sourceId = await aDocumentSource();
      await repository().insert([...documents(sourceId, 'b', [{}, {}]), ...documents(sourceId, 'a', [{}])]);
      expect(await repository().count(sourceId, 'b')).toBe(2);
      expect(await repository().count(sourceId, 'none')).toBe(0);
      expect(await repository().collections(sourceId)).toEqual([
        { name: 'a', documents: 1 },
        { name: 'b', documents: 2 },
      ]);
    });

    it('When an insert fails half-way, Then none of its documents is stored', async () => {
      const sourceId = await aDocumentSource();
      const batch = documents(
        sourceId,
        'atomic',
        Array.from({ length: 150 }, (_, i) => ({ i })),
      );
      batch[149] = { ...batch[149], id: batch[0].id };
      await expect(repository().insert(batch)).rejects.toThrow();
      expect(await repository().count(sourceId, 'atomic')).toBe(0);
    });

    it('When a collection is deleted, Then its documents are gone and the count is returned', async () => {
      const sourceId = await aDocumentSource();
      await repository().insert([...documents(sourceId, 'gone', [{}, {}, {}]), ...documents(sourceId, 'kept', [{}])]);
      expect(await repository().deleteCollection(sourceId, 'gone')).toBe(3);
      expect(await repository().collections(sourceId)).toEqual([{ name: 'kept', documents: 1 }]);
    });
  });
}
