import { EntityManager, MoreThan, Raw } from 'typeorm';
import { KeyValueLimits } from '../../../../core/domain/key-value/key-value-limits';
import { KeyValueQuotaExceededError } from '../../../../core/domain/key-value/key-value.errors';
import { assertKey, sizeEntry } from '../../../../core/domain/key-value/sized-entry';
import { ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { KeyValueSetOptions, KeyValueStore } from '../../../../core/ports/key-value-store.port';
import { JsonValue } from '../../../../core/shared/json';
import { KeyValueEntryOrmEntity, NEVER_EXPIRES_MS } from '../entities/key-value-entry.orm-entity';
import { KeyValueUsageOrmEntity } from '../entities/key-value-usage.orm-entity';
import { ManagerProvider } from '../manager-provider';

/**
 * Consume first, then check: one UPDATE adds the change to the namespace's counters only while
 * they stay within the quota (a shrinking change always passes, so lowered limits never trap a
 * user), and the database applies it atomically on both dialects. `keys` and `key` are reserved
 * words in MySQL; SQLite accepts the same backquotes.
 */
const CHARGE_SQL = `UPDATE kv_usage SET \`keys\` = \`keys\` + ?, bytes = bytes + ?
  WHERE namespace = ? AND (\`keys\` + ? <= ? OR ? <= 0) AND (bytes + ? <= ? OR ? <= 0)`;

const EXPIRED_SQL = `SELECT COUNT(*) AS entries, COALESCE(SUM(bytes), 0) AS bytes FROM kv_entries
  WHERE namespace = ? AND expires_ms <= ?`;

const SWEEP_BATCH = 200;

interface Usage {
  keys: number;
  bytes: number;
}

/**
 * The `kv` store in the platform's database, shared by every process and kept across restarts.
 * Every change to a namespace runs in one transaction that first locks the namespace's
 * `kv_usage` row, so changes to one namespace are serialised and its counters always match its
 * entries; namespaces never wait for each other. It is also an expiry sweeper: expired entries
 * are deleted and their keys and bytes given back.
 */
export class TypeOrmKeyValueStore implements KeyValueStore, ExpiredStateSweeper {
  constructor(
    private readonly managers: ManagerProvider,
    private readonly limits: KeyValueLimits,
    private readonly now: () => number = Date.now,
  ) {}

  async get(namespace: string, key: string): Promise<JsonValue | undefined> {
    const now = this.now();
    const row = await this.managers.use((manager) =>
      manager.findOne(KeyValueEntryOrmEntity, {
        select: { value: true },
        where: { namespace, key, expiresMs: MoreThan(now) },
      }),
    );
    return row ? (JSON.parse(row.value) as JsonValue) : undefined;
  }

  async set(namespace: string, key: string, value: JsonValue, options: KeyValueSetOptions = {}): Promise<void> {
    const entry = sizeEntry(namespace, key, value, this.limits);
    const now = this.now();
    const expiresMs = options.ttlSeconds === undefined ? NEVER_EXPIRES_MS : now + options.ttlSeconds * 1000;
    await this.inNamespace(namespace, true, async (manager) => {
      for (let attempt = 0; ; attempt += 1) {
        const previous = await this.entryBytes(manager, namespace, key);
        const keys = previous === undefined ? 1 : 0;
        if (await this.charge(manager, namespace, keys, entry.bytes - (previous ?? 0))) break;
        // Expired entries count until swept: make room from this namespace's own, then try once more.
        if (attempt > 0 || (await this.purgeExpired(manager, namespace, now)) === 0) throw await this.quotaError(manager, namespace, keys);
      }
      await manager
        .createQueryBuilder()
        .insert()
        .into(KeyValueEntryOrmEntity)
        .values({ namespace, key, value: entry.json, bytes: entry.bytes, expiresMs })
        .orUpdate(['value', 'bytes', 'expires_ms'], ['namespace', 'key'])
        .execute();
    });
  }

  async delete(namespace: string, key: string): Promise<boolean> {
    assertKey(namespace, key);
    const now = this.now();
    const removed = await this.inNamespace(namespace, false, async (manager) => {
      const row = await manager.findOne(KeyValueEntryOrmEntity, { select: { bytes: true, expiresMs: true }, where: { namespace, key } });
      if (!row) return false;
      await manager.delete(KeyValueEntryOrmEntity, { namespace, key });
      await this.charge(manager, namespace, -1, -Number(row.bytes));
      return Number(row.expiresMs) > now;
    });
    return removed ?? false;
  }

  async keys(namespace: string, prefix: string, limit: number): Promise<string[]> {
    const now = this.now();
    // SUBSTR rather than LIKE: SQLite's LIKE ignores ASCII case, and no escaping is needed.
    const startsWith = Raw((column) => `SUBSTR(${column}, 1, :prefixLength) = :prefix`, { prefix, prefixLength: [...prefix].length });
    const rows = await this.managers.use((manager) =>
      manager.find(KeyValueEntryOrmEntity, {
        select: { key: true },
        where: { namespace, key: startsWith, expiresMs: MoreThan(now) },
        order: { key: 'ASC' },
        take: limit,
      }),
    );
    return rows.map((row) => row.key);
  }

  async clear(namespace: string): Promise<void> {
    await this.inNamespace(namespace, false, async (manager) => {
      await manager.delete(KeyValueEntryOrmEntity, { namespace });
      await manager.delete(KeyValueUsageOrmEntity, { namespace });
    });
  }

  async sweepExpired(now: Date): Promise<number> {
    let removed = 0;
    for (;;) {
      const namespaces = await this.managers.use((manager) =>
        manager
          .createQueryBuilder(KeyValueEntryOrmEntity, 'entry')
          .select('DISTINCT entry.namespace', 'namespace')
          .where('entry.expires_ms <= :now', { now: now.getTime() })
          .limit(SWEEP_BATCH)
          .getRawMany<{ namespace: string }>(),
      );
      let batch = 0;
      for (const { namespace } of namespaces) {
        batch += (await this.inNamespace(namespace, false, (manager) => this.purgeExpired(manager, namespace, now.getTime()))) ?? 0;
      }
      removed += batch;
      if (namespaces.length < SWEEP_BATCH || batch === 0) break;
    }
    await this.dropEmptyUsage();
    return removed;
  }

  /**
   * Runs `work` in a transaction holding the namespace's usage row lock. The row is created
   * outside any transaction (racers ignore each other's insert, then meet on the lock instead of
   * deadlocking on the insert) and re-read, since the sweep may drop an empty row in between.
   * Without `create`, a namespace with no usage row holds nothing and `work` is skipped.
   */
  private async inNamespace<T>(namespace: string, create: boolean, work: (manager: EntityManager) => Promise<T>): Promise<T | undefined> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const outcome = await this.managers.transaction(async (manager) => {
        const usage = await this.lockUsage(manager, namespace);
        return usage ? { value: await work(manager) } : undefined;
      });
      if (outcome) return outcome.value;
      if (!create) return undefined;
      await this.managers.use((manager) =>
        manager.createQueryBuilder().insert().into(KeyValueUsageOrmEntity).values({ namespace, keys: 0, bytes: 0 }).orIgnore().execute(),
      );
    }
    throw new Error('kv_usage kept losing a row it had just created');
  }

  /** Names the limit the refused change would have passed. */
  private async quotaError(manager: EntityManager, namespace: string, addedKeys: number): Promise<KeyValueQuotaExceededError> {
    const usage = await this.lockUsage(manager, namespace);
    const { maxKeys, maxBytes } = this.limits;
    return (usage?.keys ?? 0) + addedKeys > maxKeys ? new KeyValueQuotaExceededError('keys', maxKeys) : new KeyValueQuotaExceededError('bytes', maxBytes);
  }

  private async lockUsage(manager: EntityManager, namespace: string): Promise<Usage | undefined> {
    const forUpdate = manager.connection.driver.options.type === 'mysql' ? ' FOR UPDATE' : '';
    const rows = (await manager.query(`SELECT \`keys\`, bytes FROM kv_usage WHERE namespace = ?${forUpdate}`, [namespace])) as Array<{
      keys: unknown;
      bytes: unknown;
    }>;
    return rows.length === 0 ? undefined : { keys: Number(rows[0].keys), bytes: Number(rows[0].bytes) };
  }

  /** Bytes of the key's entry, live or expired (both are counted), or undefined when there is none. */
  private async entryBytes(manager: EntityManager, namespace: string, key: string): Promise<number | undefined> {
    const row = await manager.findOne(KeyValueEntryOrmEntity, { select: { bytes: true }, where: { namespace, key } });
    return row ? Number(row.bytes) : undefined;
  }

  private async charge(manager: EntityManager, namespace: string, keys: number, bytes: number): Promise<boolean> {
    if (!manager.queryRunner) throw new Error('A transaction manager has no query runner');
    const { maxKeys, maxBytes } = this.limits;
    const result = await manager.queryRunner.query(CHARGE_SQL, [keys, bytes, namespace, keys, maxKeys, keys, bytes, maxBytes, bytes], true);
    return result.affected === 1;
  }

  /** Deletes the namespace's expired entries and gives their keys and bytes back; answers how many went. */
  private async purgeExpired(manager: EntityManager, namespace: string, nowMs: number): Promise<number> {
    const [expired] = (await manager.query(EXPIRED_SQL, [namespace, nowMs])) as Array<{ entries: unknown; bytes: unknown }>;
    const entries = Number(expired.entries);
    if (entries === 0) return 0;
    await manager
      .createQueryBuilder()
      .delete()
      .from(KeyValueEntryOrmEntity)
      .where('namespace = :namespace AND expires_ms <= :now', { namespace, now: nowMs })
      .execute();
    await this.charge(manager, namespace, -entries, -Number(expired.bytes));
    return entries;
  }

  /** Usage rows of namespaces that hold nothing, so one per plugin and user ever seen does not stay. */
  private async dropEmptyUsage(): Promise<void> {
    await this.managers.use((manager) => manager.createQueryBuilder().delete().from(KeyValueUsageOrmEntity).where('`keys` = 0 AND bytes = 0').execute());
  }
}
