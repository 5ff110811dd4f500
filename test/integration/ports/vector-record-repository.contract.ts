import { randomUUID } from 'node:crypto';
import { VectorRecordRepository } from '../../../core/ports/vector-record-repository.port';
import { VectorRecord } from '../../../core/ports/vector-store.port';

export interface VectorRecordRepositoryHarness {
  records: VectorRecordRepository;
  destroy(): Promise<void>;
}

/** Vectors come back as Float32: what an exact round trip of `values` looks like. */
const asFloat32 = (values: number[]): number[] => values.map((v) => Math.fround(v));

function aRecord(id: string, overrides: Partial<VectorRecord> = {}): VectorRecord {
  return {
    id,
    vector: [0.1, -0.25, 3.5e-8, 1234.5678],
    metadata: { document_id: `doc-${id}`, chunk_index: 3, score: 0.125, public: true, title: 'Ünïcødé "quoted"' },
    content: `Content of ${id} — with ünïcødé ✓`,
    ...overrides,
  };
}

function asStored(record: VectorRecord): VectorRecord {
  return { ...record, vector: asFloat32(record.vector) };
}

export function describeVectorRecordRepositoryContract(name: string, makeHarness: () => Promise<VectorRecordRepositoryHarness>): void {
  describe(name, () => {
    let harness: VectorRecordRepositoryHarness;
    const repo = (): VectorRecordRepository => harness.records;
    /** Each test uses its own collections, since loadAll returns every collection. */
    const aCollection = (): string => `col-${randomUUID()}`;

    async function load(...collections: string[]): Promise<Map<string, VectorRecord[]>> {
      const found = new Map<string, VectorRecord[]>(collections.map((c) => [c, []]));
      for await (const { collection, record } of repo().loadAll()) found.get(collection)?.push(record);
      return found;
    }
    const byId = (records: VectorRecord[] = []): VectorRecord[] => [...records].sort((a, b) => (a.id < b.id ? -1 : 1));

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When records are upserted, Then loadAll returns their Float32 vectors, metadata and content', async () => {
      const collection = aCollection();
      const records = [aRecord('a'), aRecord('b', { vector: [1, 0, -1, 0.3333333333], metadata: {}, content: '' })];
      await repo().upsert(collection, records);
      expect(byId((await load(collection)).get(collection))).toEqual(records.map(asStored));
    });

    it('When a record is upserted again, Then it is replaced whole', async () => {
      const collection = aCollection();
      await repo().upsert(collection, [aRecord('a'), aRecord('b')]);
      const replacement = aRecord('a', { vector: [9, 8, 7], metadata: { only: 'this' }, content: 'new text' });
      await repo().upsert(collection, [replacement]);
      expect(byId((await load(collection)).get(collection))).toEqual([asStored(replacement), asStored(aRecord('b'))]);
    });

    it('When one upsert repeats an id, Then the last occurrence is kept', async () => {
      const collection = aCollection();
      await repo().upsert(collection, [aRecord('a', { content: 'first' }), aRecord('a', { content: 'last' })]);
      expect((await load(collection)).get(collection)?.map((r) => r.content)).toEqual(['last']);
    });

    it('When ids differ only in case or the collection differs, Then the records are distinct', async () => {
      const [first, second] = [aCollection(), aCollection()];
      await repo().upsert(first, [aRecord('Doc', { content: 'upper' }), aRecord('doc', { content: 'lower' })]);
      await repo().upsert(second, [aRecord('doc', { content: 'other collection' })]);
      const found = await load(first, second);
      expect(byId(found.get(first)).map((r) => [r.id, r.content])).toEqual([
        ['Doc', 'upper'],
        ['doc', 'lower'],
      ]);
      expect(found.get(second)?.map((r) => r.content)).toEqual(['other collection']);
    });

    it('When a record has 4096 dimensions, Then its vector round-trips exactly as Float32', async () => {
      const collection = aCollection();
      const vector = Array.from({ length: 4096 }, (_, i) => Math.sin(i + 0.5) * 1e3);
      await repo().upsert(collection, [aRecord('wide', { vector })]);
      expect((await load(collection)).get(collection)?.[0].vector).toEqual(asFloat32(vector));
    });

    it('When ids are deleted, Then only those records of that collection go', async () => {
      const [collection, other] = [aCollection(), aCollection()];
      await repo().upsert(collection, [aRecord('a'), aRecord('b'), aRecord('c')]);
      await repo().upsert(other, [aRecord('a')]);
      await repo().delete(collection, ['a', 'c', 'missing']);
      await repo().delete(collection, []);
      const found = await load(collection, other);
      expect(found.get(collection)?.map((r) => r.id)).toEqual(['b']);
      expect(found.get(other)?.map((r) => r.id)).toEqual(['a']);
    });

    it('When a collection is dropped, Then all its records go and other collections stay', async () => {
      const [dropped, kept] = [aCollection(), aCollection()];
      await repo().upsert(dropped, [aRecord('a'), aRecord('b')]);
      await repo().upsert(kept, [aRecord('a')]);
      await repo().dropCollection(dropped);
      const found = await load(dropped, kept);
      expect(found.get(dropped)).toEqual([]);
      expect(found.get(kept)?.map((r) => r.id)).toEqual(['a']);
    });

    it('When there are more records than a page, Then loadAll yields each exactly once', async () => {
      const [first, second] = [aCollection(), aCollection()];
      const ids = Array.from({ length: 1250 }, (_, i) => `chunk-${String(i).padStart(5, '0')}`);
      await repo().upsert(
        first,
        ids.map((id) => aRecord(id, { vector: [ids.indexOf(id)], metadata: { n: 1 } })),
      );
      await repo().upsert(
        second,
        ids.slice(0, 900).map((id) => aRecord(id, { vector: [1], metadata: {} })),
      );
      const found = await load(first, second);
      expect(
        found
          .get(first)
          ?.map((r) => r.id)
          .sort(),
      ).toEqual(ids);
      expect(found.get(first)?.find((r) => r.id === 'chunk-01234')?.vector).toEqual([1234]);
      expect(found.get(second)).toHaveLength(900);
    });

    it('When records are written, Then each write takes the next sequence and logs the records it touched', async () => {
      const collection = aCollection();
      const before = await repo().latestSequence();
      const first = await repo().upsert(collection, [aRecord('a'), aRecord('b'), aRecord('a')]);
      const second = await repo().delete(collection, ['b', 'b', 'gone']);
      const third = await repo().dropCollection(collection);

      expect([first, second, third]).toEqual([before + 1, before + 2, before + 3]);
      expect(await repo().latestSequence()).toBe(third);
      const batch = await repo().changesSince(before, 100);
      expect(batch.through).toBe(third);
      const mine = batch.changes.filter((change) => change.collection === collection);
      expect(mine.map((c) => [c.sequence - before, c.id, c.kind]).sort()).toEqual([
        [1, 'a', 'upsert'],
        [1, 'b', 'upsert'],
        [2, 'b', 'delete'],
        [2, 'gone', 'delete'],
        [3, '', 'drop'],
      ]);
    });

    it('When changes are read in windows, Then each window ends at its bound and nothing is skipped', async () => {
      const collection = aCollection();
      const before = await repo().latestSequence();
      for (const id of ['a', 'b', 'c', 'd', 'e']) await repo().upsert(collection, [aRecord(id)]);

      const seen: string[] = [];
      let after = before;
      for (;;) {
        const batch = await repo().changesSince(after, 2);
        if (batch.through === after) break;
        expect(batch.through - after).toBeLessThanOrEqual(2);
        seen.push(...batch.changes.map((c) => c.id));
        after = batch.through;
      }
      expect(seen).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(await repo().changesSince(after, 2)).toEqual({ through: after, changes: [] });
    });

    it('When the log is pruned, Then a reader behind the mark learns it is lost, a reader past it reads on, and the mark never moves back', async () => {
      const collection = aCollection();
      for (const id of ['a', 'b', 'c', 'd']) await repo().upsert(collection, [aRecord(id)]);
      const latest = await repo().latestSequence();

      expect(await repo().pruneChanges(2)).toBe(latest - 2);
      expect(await repo().changesSince(latest - 3, 10)).toEqual({ through: latest, changes: [], lost: true });
      const rest = await repo().changesSince(latest - 2, 10);
      expect(rest.lost).toBeUndefined();
      expect(rest.changes.map((change) => change.id)).toEqual(['c', 'd']);
      expect(await repo().pruneChanges(1000)).toBe(latest - 2);
      expect((await repo().changesSince(latest - 3, 10)).lost).toBe(true);

      await repo().upsert(collection, [aRecord('e')]);
      expect(await repo().pruneChanges(0)).toBe(latest + 1);
      expect(await repo().changesSince(latest + 1, 10)).toEqual({ through: latest + 1, changes: [] });
    });

    it('When records are found by id, Then only those that exist now come back', async () => {
      const collection = aCollection();
      await repo().upsert(collection, [aRecord('a'), aRecord('b'), aRecord('c')]);
      await repo().delete(collection, ['b']);
      const found = await repo().find(collection, ['a', 'b', 'missing', 'c', 'a']);
      expect(byId(found)).toEqual([asStored(aRecord('a')), asStored(aRecord('c'))]);
      expect(await repo().find(aCollection(), ['a'])).toEqual([]);
    });
  });
}
