import { SerialGate } from '../../../adapters/storage/typeorm/connection-gate';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { TypeOrmKeyValueStore } from '../../../adapters/storage/typeorm/repositories/typeorm-key-value-store';
import { kvNamespace } from '../../../plugins/kernel/capabilities/kv-capability';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { createTestStorage, TestStorage } from '../../support/test-database';

const LIMITS = { maxKeys: 3, maxBytes: 2_000, maxValueBytes: 1_000 };
const OTHER_USER = { userId: 'user-2', role: 'user' as const };

describe('kv_set against the quota of the shared store', () => {
  let storage: TestStorage;
  let store: TypeOrmKeyValueStore;
  let kernel: TestKernel;

  beforeAll(async () => {
    storage = await createTestStorage('sqlite');
    store = new TypeOrmKeyValueStore(new ManagerProvider(storage.dataSource, new SerialGate()), LIMITS);
    kernel = await createTestKernel({ tools: ['kv_get', 'kv_set'], kv: store });
  });
  afterAll(async () => {
    await kernel?.close();
    await storage?.destroy();
  });

  it('When a user stores more keys than the quota, Then kv_set fails with quota_exceeded and a message naming the limit, and nothing more is stored', async () => {
    for (let i = 0; i < LIMITS.maxKeys; i += 1) expect(await kernel.invoke('kv_set', { key: `k${i}`, value: i })).toMatchObject({ success: true });

    const outcome = await kernel.invoke('kv_set', { key: 'one-too-many', value: 1 });

    expect(outcome).toMatchObject({
      success: false,
      error: { code: 'quota_exceeded', message: 'The key-value store is full: at most 3 keys per plugin and user; delete keys or let them expire' },
      receipt: { outcome: 'quota_exceeded' },
    });
    expect(await store.keys(kvNamespace('builtin', TEST_ACTOR.userId), '', 10)).toEqual(['k0', 'k1', 'k2']);
    expect(await kernel.invoke('kv_set', { key: 'one-too-many', value: 1 }, { actor: OTHER_USER })).toMatchObject({ success: true });
  });

  it('When the values would pass the bytes of the quota, Then kv_set fails with quota_exceeded while a smaller replacement still works', async () => {
    const actor = { userId: 'user-bytes', role: 'user' as const };
    expect(await kernel.invoke('kv_set', { key: 'a', value: 'x'.repeat(990) }, { actor })).toMatchObject({ success: true });
    expect(await kernel.invoke('kv_set', { key: 'b', value: 'x'.repeat(990) }, { actor })).toMatchObject({ success: true });

    expect(await kernel.invoke('kv_set', { key: 'c', value: 'x'.repeat(100) }, { actor })).toMatchObject({
      success: false,
      error: { code: 'quota_exceeded', message: expect.stringContaining('at most 2000 bytes') },
    });
    expect(await kernel.invoke('kv_set', { key: 'a', value: 'small' }, { actor })).toMatchObject({ success: true });
  });

  it('When one value is over the per-value cap, Then kv_set fails saying so and nothing is stored', async () => {
    const actor = { userId: 'user-big', role: 'user' as const };
    const outcome = await kernel.invoke('kv_set', { key: 'big', value: 'x'.repeat(LIMITS.maxValueBytes) }, { actor });

    expect(outcome).toMatchObject({ success: false, error: { message: 'The value is 1002 bytes of JSON; values are at most 1000 bytes' } });
    expect(await store.get(kvNamespace('builtin', actor.userId), 'big')).toBeUndefined();
  });
});
