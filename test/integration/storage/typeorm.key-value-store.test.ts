import { Container } from 'inversify';
import { StorageKind } from '../../../adapters/config/app-config';
import { OpenGate, SerialGate } from '../../../adapters/storage/typeorm/connection-gate';
import { ManagerProvider } from '../../../adapters/storage/typeorm/manager-provider';
import { TypeOrmKeyValueStore } from '../../../adapters/storage/typeorm/repositories/typeorm-key-value-store';
import { EXPIRED_STATE_SWEEPER } from '../../../core/ports/expired-state-sweeper.port';
import { KEY_VALUE_STORE, KeyValueStore } from '../../../core/ports/key-value-store.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage, TestStorage } from '../../support/test-database';
import { CONTRACT_KV_LIMITS, describeKeyValueStoreContract } from '../ports/key-value-store.contract';

const T0 = Date.UTC(2030, 0, 1);

/** A store of its own on the storage's database, with the contract's limits and a clock the test moves. */
function storeOn(storage: TestStorage, now: () => number = Date.now): TypeOrmKeyValueStore {
  const managers = new ManagerProvider(storage.dataSource, storage.kind === 'sqlite' ? new SerialGate() : new OpenGate());
  return new TypeOrmKeyValueStore(managers, CONTRACT_KV_LIMITS, now);
}

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  let now = T0;
  return {
    store: storeOn(storage, () => now),
    advance: (seconds: number) => (now += seconds * 1000),
    now: () => new Date(now),
    destroy: () => storage.destroy(),
  };
};

describeKeyValueStoreContract('TypeOrmKeyValueStore on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmKeyValueStore on MariaDB', () => describeKeyValueStoreContract('key-value store contract', harness('mysql')));

describe('TypeOrmKeyValueStore on SQLite, across restarts and in the storage module', () => storageSuite('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmKeyValueStore on MariaDB, across restarts and in the storage module', () => storageSuite('mysql'));

function storageSuite(kind: StorageKind): void {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(kind, { KV_MAX_KEYS: '3' });
  });
  afterAll(() => storage.destroy());

  it('When the storage module is loaded, Then the kv port is the TypeORM store with the configured quota, and it is bound as an expiry sweeper', async () => {
    const container = new Container();
    container.loadSync(storage.module);
    const store = container.get<KeyValueStore>(KEY_VALUE_STORE);

    expect(store).toBeInstanceOf(TypeOrmKeyValueStore);
    expect(container.getAll(EXPIRED_STATE_SWEEPER)).toContain(store);
    for (let i = 0; i < 3; i += 1) await store.set('module-ns', `k${i}`, i);
    await expect(store.set('module-ns', 'k3', 3)).rejects.toMatchObject({ code: 'kv.quota_exceeded' });
  });

  it('When the process restarts on the same database, Then a new store reads what the old one wrote and counts against the same quota', async () => {
    const before = storeOn(storage);
    for (let i = 0; i < CONTRACT_KV_LIMITS.maxKeys; i += 1) await before.set('restart-ns', `k${i}`, { i });

    const after = storeOn(storage);

    expect(await after.get('restart-ns', 'k4')).toEqual({ i: 4 });
    await expect(after.set('restart-ns', 'k5', 5)).rejects.toMatchObject({ code: 'kv.quota_exceeded' });
  });

  it('When entries are set, replaced, expired and deleted, Then kv_usage matches the entries and the sweep drops the emptied row', async () => {
    let now = T0;
    const store = storeOn(storage, () => now);
    await store.set('usage-ns', 'a', 'aaa');
    await store.set('usage-ns', 'b', 'bb', { ttlSeconds: 10 });
    await store.set('usage-ns', 'a', 'a');
    expect(await usageOf('usage-ns')).toEqual({ keys: 2, bytes: 4 + 5 });
    expect(await entriesOf('usage-ns')).toEqual(await usageOf('usage-ns'));

    now += 11_000;
    expect(await store.sweepExpired(new Date(now))).toBe(1);
    expect(await usageOf('usage-ns')).toEqual({ keys: 1, bytes: 4 });
    expect(await store.delete('usage-ns', 'a')).toBe(true);
    await store.sweepExpired(new Date(now));
    expect(await storage.dataSource.query('SELECT namespace FROM kv_usage WHERE namespace = ?', ['usage-ns'])).toEqual([]);
    await store.set('usage-ns', 'c', 'back');
    expect(await store.get('usage-ns', 'c')).toBe('back');
  });

  async function usageOf(namespace: string): Promise<{ keys: number; bytes: number }> {
    const rows = (await storage.dataSource.query('SELECT `keys` AS n, bytes AS b FROM kv_usage WHERE namespace = ?', [namespace])) as Array<
      Record<string, unknown>
    >;
    return { keys: Number(rows[0]?.n ?? 0), bytes: Number(rows[0]?.b ?? 0) };
  }

  async function entriesOf(namespace: string): Promise<{ keys: number; bytes: number }> {
    const rows = (await storage.dataSource.query('SELECT COUNT(*) AS n, SUM(bytes) AS b FROM kv_entries WHERE namespace = ?', [namespace])) as Array<
      Record<string, unknown>
    >;
    return { keys: Number(rows[0].n), bytes: Number(rows[0].b ?? 0) };
  }
}
