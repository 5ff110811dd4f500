import { randomUUID } from 'node:crypto';
import { VectorHit, VectorRecord, VectorStore } from '../../../core/ports/vector-store.port';
import { ValidationError } from '../../../core/shared/common.errors';

export interface VectorStoreSubject {
  store: VectorStore;
  /** Drops whatever the test created and releases the store. */
  dispose(): Promise<void>;
}

export type MakeVectorStore = () => Promise<VectorStoreSubject>;

const SQRT1_2 = Math.SQRT1_2;

/** Four records whose cosines to [1, 0, 0, 0] are 1, √½, 0 and −1. */
function compass(): VectorRecord[] {
  return [
    { id: 'east', vector: [1, 0, 0, 0], metadata: { kind: 'cardinal', rank: 1, lit: true }, content: 'due east' },
    { id: 'north-east', vector: [1, 1, 0, 0], metadata: { kind: 'diagonal', rank: 2, lit: false }, content: 'half way' },
    { id: 'north', vector: [0, 3, 0, 0], metadata: { kind: 'cardinal', rank: 3, lit: true }, content: 'due north' },
    { id: 'west', vector: [-2, 0, 0, 0], metadata: { kind: 'cardinal', rank: 4, lit: false }, content: 'due west' },
  ];
}

const EAST = [5, 0, 0, 0];
const scores = (hits: VectorHit[]): Array<[string, number]> => hits.map((hit) => [hit.id, Number(hit.score.toFixed(4))]);
const ids = (hits: VectorHit[]): string[] => hits.map((hit) => hit.id);

/** Shared behaviour every VectorStore adapter must show (see core/ports/vector-store.port.ts). */
export function describeVectorStoreContract(name: string, makeSubject: MakeVectorStore): void {
  describe(`${name} as VectorStore`, () => {
    let subject: VectorStoreSubject;
    let store: VectorStore;
    let collection: string;

    beforeEach(async () => {
      subject = await makeSubject();
      store = subject.store;
      collection = `kb-${randomUUID().slice(0, 8)}`;
    });

    afterEach(async () => {
      await subject.dispose();
    });

    it('When searching, Then hits come nearest first with their cosine similarity, metadata and content', async () => {
      await store.upsert(collection, compass());

      const hits = await store.search(collection, { vector: EAST, k: 4 });

      expect(scores(hits)).toEqual([
        ['east', 1],
        ['north-east', Number(SQRT1_2.toFixed(4))],
        ['north', 0],
        ['west', -1],
      ]);
      expect(hits[0]).toEqual({ id: 'east', score: expect.any(Number), metadata: { kind: 'cardinal', rank: 1, lit: true }, content: 'due east' });
    });

    it('When k is smaller than the collection, Then only the k nearest come back', async () => {
      await store.upsert(collection, compass());

      expect(ids(await store.search(collection, { vector: [0, 1, 0, 0], k: 2 }))).toEqual(['north', 'north-east']);
    });

    it('When a record is upserted again, Then it is replaced, not duplicated', async () => {
      await store.upsert(collection, compass());

      await store.upsert(collection, [{ id: 'west', vector: [1, 0.01, 0, 0], metadata: { kind: 'moved' }, content: 'now east' }]);

      const hits = await store.search(collection, { vector: EAST, k: 10 });
      expect(hits).toHaveLength(4);
      expect(hits.find((hit) => hit.id === 'west')).toEqual({ id: 'west', score: expect.any(Number), metadata: { kind: 'moved' }, content: 'now east' });
      expect(hits.find((hit) => hit.id === 'west')?.score).toBeGreaterThan(0.99);
    });

    it('When a filter names a value, Then only records with that string, number or boolean match', async () => {
      await store.upsert(collection, compass());

      expect(ids(await store.search(collection, { vector: EAST, k: 4, filter: { kind: 'diagonal' } }))).toEqual(['north-east']);
      expect(ids(await store.search(collection, { vector: EAST, k: 4, filter: { rank: 3 } }))).toEqual(['north']);
      expect(ids(await store.search(collection, { vector: EAST, k: 4, filter: { lit: false } }))).toEqual(['north-east', 'west']);
      expect(await store.search(collection, { vector: EAST, k: 4, filter: { kind: 'nowhere' } })).toEqual([]);
    });

    it('When a filter names an array or several keys, Then a record must be one of the values and match every key', async () => {
      await store.upsert(collection, compass());

      expect(ids(await store.search(collection, { vector: EAST, k: 4, filter: { rank: [1, 4] } }))).toEqual(['east', 'west']);
      expect(ids(await store.search(collection, { vector: EAST, k: 4, filter: { kind: 'cardinal', lit: true } }))).toEqual(['east', 'north']);
      expect(ids(await store.search(collection, { vector: EAST, k: 4, filter: { kind: ['cardinal'], rank: [3, 4] } }))).toEqual(['north', 'west']);
    });

    it('When the matching records are far from the query, Then a filtered search still returns k of them', async () => {
      const far = Array.from({ length: 5 }, (_, n) => ({ id: `far-${n}`, vector: [-1, n + 1, 0, 0], metadata: { group: 'far' }, content: '' }));
      const near = Array.from({ length: 30 }, (_, n) => ({ id: `near-${n}`, vector: [1, n / 100, 0, 0], metadata: { group: 'near' }, content: '' }));
      await store.upsert(collection, [...near, ...far]);

      const hits = await store.search(collection, { vector: EAST, k: 3, filter: { group: 'far' } });

      expect(ids(hits)).toEqual(['far-4', 'far-3', 'far-2']);
    });

    it('When records are deleted by id, Then they no longer come back, and unknown ids are ignored', async () => {
      await store.upsert(collection, compass());

      await store.delete(collection, ['east', 'north', 'no-such-id']);

      expect(ids(await store.search(collection, { vector: EAST, k: 4 }))).toEqual(['north-east', 'west']);
    });

    it('When records are deleted by filter, Then exactly the matching ones go', async () => {
      await store.upsert(collection, compass());

      await store.deleteWhere(collection, { kind: 'cardinal', lit: false });

      expect(ids(await store.search(collection, { vector: EAST, k: 4 }))).toEqual(['east', 'north-east', 'north']);
    });

    it('When two collections hold the same id, Then each search and delete stays in its own collection', async () => {
      const other = `${collection}-other`;
      await store.upsert(collection, [{ id: 'same', vector: [1, 0, 0, 0], metadata: { in: 'first' }, content: 'first' }]);
      await store.upsert(other, [{ id: 'same', vector: [0, 1, 0, 0], metadata: { in: 'second' }, content: 'second' }]);

      await store.delete(other, ['same']);

      expect((await store.search(collection, { vector: EAST, k: 5 })).map((hit) => hit.content)).toEqual(['first']);
      expect(await store.search(other, { vector: EAST, k: 5 })).toEqual([]);
      await store.dropCollection(other);
    });

    it('When a collection is dropped, Then it is empty, and it can be rebuilt with other dimensions', async () => {
      await store.upsert(collection, compass());

      await store.dropCollection(collection);

      expect(await store.search(collection, { vector: EAST, k: 4 })).toEqual([]);
      await store.upsert(collection, [{ id: 'small', vector: [1, 2], metadata: {}, content: 'two dims' }]);
      expect(ids(await store.search(collection, { vector: [1, 2], k: 1 }))).toEqual(['small']);
    });

    it('When a collection does not exist, Then searching finds nothing and deleting or dropping it is harmless', async () => {
      expect(await store.search(collection, { vector: EAST, k: 3 })).toEqual([]);
      await expect(store.delete(collection, ['x'])).resolves.toBeUndefined();
      await expect(store.deleteWhere(collection, { kind: 'x' })).resolves.toBeUndefined();
      await expect(store.dropCollection(collection)).resolves.toBeUndefined();
    });

    it('When a vector has the wrong number of dimensions or no direction, Then it is a validation error', async () => {
      await store.upsert(collection, compass());

      await expect(store.upsert(collection, [{ id: 'short', vector: [1, 0], metadata: {}, content: '' }])).rejects.toBeInstanceOf(ValidationError);
      await expect(store.upsert(collection, [{ id: 'zero', vector: [0, 0, 0, 0], metadata: {}, content: '' }])).rejects.toBeInstanceOf(ValidationError);
      await expect(store.search(collection, { vector: [1, 0], k: 1 })).rejects.toBeInstanceOf(ValidationError);
      expect(await store.search(collection, { vector: EAST, k: 10 })).toHaveLength(4);
    });
  });
}
