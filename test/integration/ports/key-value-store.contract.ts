import { randomUUID } from 'node:crypto';
import { KeyValueStore } from '../../../core/ports/key-value-store.port';

export interface KeyValueStoreHarness {
  store: KeyValueStore;
  /** Moves the store's clock forward (TTL tests). */
  advance(seconds: number): void;
  destroy(): Promise<void>;
}

const ns = () => `test:${randomUUID()}`;

export function describeKeyValueStoreContract(name: string, makeHarness: () => Promise<KeyValueStoreHarness>): void {
  describe(name, () => {
    let harness: KeyValueStoreHarness;
    const store = (): KeyValueStore => harness.store;

    beforeAll(async () => {
      harness = await makeHarness();
    });
    afterAll(async () => {
      await harness?.destroy();
    });

    it('When a JSON value is set, Then get returns an equal copy that later edits do not change', async () => {
      const n = ns();
      const value = { list: [1, 'two', { three: true }], nothing: null };
      await store().set(n, 'k', value);
      value.list.push(4);
      expect(await store().get(n, 'k')).toEqual({ list: [1, 'two', { three: true }], nothing: null });
    });

    it('When a key is absent, Then get is undefined and delete is false', async () => {
      const n = ns();
      expect(await store().get(n, 'missing')).toBeUndefined();
      expect(await store().delete(n, 'missing')).toBe(false);
    });

    it('When namespaces differ, Then the same key holds different values', async () => {
      const [a, b] = [ns(), ns()];
      await store().set(a, 'k', 'A');
      await store().set(b, 'k', 'B');
      expect([await store().get(a, 'k'), await store().get(b, 'k')]).toEqual(['A', 'B']);
    });

    it('When a key is set twice or deleted, Then the last write wins and delete reports it', async () => {
      const n = ns();
      await store().set(n, 'k', 1);
      await store().set(n, 'k', 2);
      expect(await store().get(n, 'k')).toBe(2);
      expect(await store().delete(n, 'k')).toBe(true);
      expect(await store().get(n, 'k')).toBeUndefined();
    });

    it('When keys are listed, Then live keys with the prefix come sorted and limited', async () => {
      const n = ns();
      for (const key of ['b/2', 'a/1', 'b/1', 'c', 'b/3']) await store().set(n, key, key);
      expect(await store().keys(n, 'b/', 2)).toEqual(['b/1', 'b/2']);
      expect(await store().keys(n, '', 10)).toEqual(['a/1', 'b/1', 'b/2', 'b/3', 'c']);
    });

    it('When a TTL passes, Then the entry reads as absent and is not listed', async () => {
      const n = ns();
      await store().set(n, 'short', 's', { ttlSeconds: 10 });
      await store().set(n, 'long', 'l', { ttlSeconds: 100 });
      harness.advance(11);
      expect(await store().get(n, 'short')).toBeUndefined();
      expect(await store().get(n, 'long')).toBe('l');
      expect(await store().keys(n, '', 10)).toEqual(['long']);
    });

    it('When a namespace is cleared, Then its entries are gone and others stay', async () => {
      const [a, b] = [ns(), ns()];
      await store().set(a, 'k', 1);
      await store().set(b, 'k', 2);
      await store().clear(a);
      expect(await store().keys(a, '', 10)).toEqual([]);
      expect(await store().get(b, 'k')).toBe(2);
    });
  });
}
