import { randomUUID } from 'node:crypto';
import { KeyValueLimits } from '../../../core/domain/key-value/key-value-limits';
import { KeyValueInvalidKeyError, KeyValueQuotaExceededError, KeyValueTooLargeError } from '../../../core/domain/key-value/key-value.errors';
import { ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { KeyValueStore } from '../../../core/ports/key-value-store.port';

/** Small on purpose, so each quota is reached in a few calls. An entry counts key bytes plus JSON bytes. */
export const CONTRACT_KV_LIMITS: KeyValueLimits = { maxKeys: 5, maxBytes: 200, maxValueBytes: 100 };

export interface KeyValueStoreHarness {
  /** Built with `CONTRACT_KV_LIMITS` and the harness clock. */
  store: KeyValueStore & ExpiredStateSweeper;
  /** Moves the store's clock forward (TTL tests). */
  advance(seconds: number): void;
  now(): Date;
  destroy(): Promise<void>;
}

const ns = () => `test:${randomUUID()}`;
/** A value whose entry counts exactly `bytes` under the one-character key `k`: `"xx…"` is the JSON text. */
const valueOf = (bytes: number) => 'x'.repeat(bytes - 3);

export function describeKeyValueStoreContract(name: string, makeHarness: () => Promise<KeyValueStoreHarness>): void {
  describe(name, () => {
    let harness: KeyValueStoreHarness;
    const store = (): KeyValueStore & ExpiredStateSweeper => harness.store;

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

    it('When keys are listed, Then live keys with the prefix come sorted and limited, compared case by case', async () => {
      const n = ns();
      for (const key of ['b/2', 'a/1', 'b/1', 'B/4', 'b/3']) await store().set(n, key, 1);
      expect(await store().keys(n, 'b/', 2)).toEqual(['b/1', 'b/2']);
      expect(await store().keys(n, 'b/', 10)).toEqual(['b/1', 'b/2', 'b/3']);
      expect(await store().keys(n, '', 10)).toEqual(['B/4', 'a/1', 'b/1', 'b/2', 'b/3']);
    });

    it('When a TTL passes, Then the entry reads as absent and is not listed', async () => {
      const n = ns();
      await store().set(n, 'short', 's', { ttlSeconds: 10 });
      await store().set(n, 'long', 'l', { ttlSeconds: 100 });
      harness.advance(11);
      expect(await store().get(n, 'short')).toBeUndefined();
      expect(await store().get(n, 'long')).toBe('l');
      expect(await store().keys(n, '', 10)).toEqual(['long']);
      expect(await store().delete(n, 'short')).toBe(false);
    });

    it('When a namespace is cleared, Then its entries are gone, its quota is free again, and others stay', async () => {
      const [a, b] = [ns(), ns()];
      for (let i = 0; i < CONTRACT_KV_LIMITS.maxKeys; i += 1) await store().set(a, `k${i}`, i);
      await store().set(b, 'k', 2);
      await store().clear(a);
      expect(await store().keys(a, '', 10)).toEqual([]);
      expect(await store().get(b, 'k')).toBe(2);
      for (let i = 0; i < CONTRACT_KV_LIMITS.maxKeys; i += 1) await store().set(a, `again${i}`, i);
    });

    it('When a key is empty or longer than 256 characters, Then set refuses it', async () => {
      await expect(store().set(ns(), '', 1)).rejects.toBeInstanceOf(KeyValueInvalidKeyError);
      await expect(store().set(ns(), 'k'.repeat(257), 1)).rejects.toBeInstanceOf(KeyValueInvalidKeyError);
    });

    describe('quota', () => {
      it('When a value is over the per-value cap, Then set fails with kv.too_large and stores nothing', async () => {
        const n = ns();
        const refused = await store()
          .set(n, 'big', 'x'.repeat(CONTRACT_KV_LIMITS.maxValueBytes))
          .catch((error: unknown) => error);
        expect(refused).toBeInstanceOf(KeyValueTooLargeError);
        expect(refused).toMatchObject({
          code: 'kv.too_large',
          message: `The value is ${CONTRACT_KV_LIMITS.maxValueBytes + 2} bytes of JSON; values are at most 100 bytes`,
        });
        expect(await store().get(n, 'big')).toBeUndefined();
      });

      it('When a namespace holds as many keys as allowed, Then a new key fails with kv.quota_exceeded, while replacing a key and other namespaces still work', async () => {
        const n = ns();
        for (let i = 0; i < CONTRACT_KV_LIMITS.maxKeys; i += 1) await store().set(n, `k${i}`, i);

        const refused = await store()
          .set(n, 'one-more', 1)
          .catch((error: unknown) => error);

        expect(refused).toBeInstanceOf(KeyValueQuotaExceededError);
        expect(refused).toMatchObject({ code: 'kv.quota_exceeded', message: expect.stringContaining('at most 5 keys') });
        expect(await store().get(n, 'one-more')).toBeUndefined();
        await store().set(n, 'k0', 'replaced');
        expect(await store().get(n, 'k0')).toBe('replaced');
        await store().set(ns(), 'one-more', 1);
      });

      it('When the bytes of a namespace would pass the quota, Then the set fails whole and a replacement counts only the difference', async () => {
        const n = ns();
        await store().set(n, 'k', valueOf(100));
        await store().set(n, 'l', valueOf(90));

        await expect(store().set(n, 'm', valueOf(11))).rejects.toMatchObject({
          code: 'kv.quota_exceeded',
          message: expect.stringContaining('at most 200 bytes'),
        });
        await store().set(n, 'k', valueOf(90));
        await store().set(n, 'm', valueOf(20));
        await expect(store().set(n, 'm', valueOf(21))).rejects.toBeInstanceOf(KeyValueQuotaExceededError);
        expect(await store().get(n, 'm')).toBe(valueOf(20));
      });

      it('When a key is deleted, Then its key and bytes are given back', async () => {
        const n = ns();
        for (let i = 0; i < CONTRACT_KV_LIMITS.maxKeys; i += 1) await store().set(n, `k${i}`, i);
        expect(await store().delete(n, 'k0')).toBe(true);
        await store().set(n, 'k5', 5);
        await expect(store().set(n, 'k6', 6)).rejects.toBeInstanceOf(KeyValueQuotaExceededError);
      });

      it('When 50 sets of new keys race in one namespace, Then exactly as many as the quota allows succeed and the rest fail with kv.quota_exceeded', async () => {
        const n = ns();
        const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => store().set(n, `race-${String(i).padStart(2, '0')}`, i)));

        const failures = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected').map((o) => o.reason as unknown);
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(CONTRACT_KV_LIMITS.maxKeys);
        expect(failures.every((error) => error instanceof KeyValueQuotaExceededError)).toBe(true);
        expect(await store().keys(n, '', 100)).toHaveLength(CONTRACT_KV_LIMITS.maxKeys);
      });

      it('When 50 sets race to grow one key and others, Then the bytes stored never pass the quota', async () => {
        const n = ns();
        const outcomes = await Promise.allSettled(Array.from({ length: 50 }, (_, i) => store().set(n, String.fromCharCode(97 + (i % 4)), valueOf(40 + i))));

        expect(outcomes.some((o) => o.status === 'rejected')).toBe(true);
        let bytes = 0;
        for (const key of await store().keys(n, '', 10)) bytes += 1 + JSON.stringify(await store().get(n, key)).length;
        expect(bytes).toBeLessThanOrEqual(CONTRACT_KV_LIMITS.maxBytes);
      });

      it('When a full namespace holds expired entries not yet swept, Then a set makes room by dropping them', async () => {
        const n = ns();
        for (let i = 0; i < CONTRACT_KV_LIMITS.maxKeys; i += 1) await store().set(n, `k${i}`, i, { ttlSeconds: 5 });
        harness.advance(6);

        await store().set(n, 'fresh', 1);
        expect(await store().keys(n, '', 10)).toEqual(['fresh']);
      });
    });

    describe('expiry sweep', () => {
      it('When entries expire, Then the sweep deletes them, counts them, leaves live ones, and gives their quota back', async () => {
        const n = ns();
        await store().set(n, 'live', 'stays');
        for (let i = 1; i < CONTRACT_KV_LIMITS.maxKeys; i += 1) await store().set(n, `temp${i}`, i, { ttlSeconds: 30 });
        harness.advance(31);

        const removed = await store().sweepExpired(harness.now());

        expect(removed).toBeGreaterThanOrEqual(CONTRACT_KV_LIMITS.maxKeys - 1);
        expect(await store().sweepExpired(harness.now())).toBe(0);
        expect(await store().get(n, 'live')).toBe('stays');
        // Were the counters left behind, these would find the namespace full with nothing to drop.
        for (let i = 1; i < CONTRACT_KV_LIMITS.maxKeys; i += 1) await store().set(n, `new${i}`, i);
        expect(await store().keys(n, '', 10)).toHaveLength(CONTRACT_KV_LIMITS.maxKeys);
      });

      it('When nothing has expired, Then the sweep removes nothing', async () => {
        const n = ns();
        await store().set(n, 'later', 1, { ttlSeconds: 3600 });
        await store().sweepExpired(harness.now());
        expect(await store().get(n, 'later')).toBe(1);
      });
    });
  });
}
