import { EntityManager, In, MoreThan } from 'typeorm';
import { VectorChange, VectorChangeBatch, VectorChangeKind, VectorRecordRepository } from '../../../../core/ports/vector-record-repository.port';
import { VectorRecord } from '../../../../core/ports/vector-store.port';
import { VectorRecordOrmEntity } from '../entities/vector-record.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toVectorRecord, toVectorRow } from '../mappers/vector-record.mapper';

/** Rows a statement writes at once: far below SQLite's bound-variable limit. */
const WRITE_BATCH = 200;

/** Sequences of the change log one delete of a prune removes. */
const PRUNE_SEQUENCES = 1000;

interface ChangeRow {
  seq: number | string;
  collection: string;
  record_id: string;
  kind: string;
}

/**
 * Each write takes the next sequence from `vector_sequence` and logs the records it touched in
 * `vector_changes`, in the same transaction, so other processes can replay exactly what changed.
 */
export class TypeOrmVectorRecordRepository implements VectorRecordRepository {
  constructor(
    private readonly managers: ManagerProvider,
    private readonly pageSize = 1000,
  ) {}

  async upsert(collection: string, records: VectorRecord[]): Promise<number> {
    const rows = lastById(records).map((record) => toVectorRow(collection, record));
    return this.managers.transaction(async (manager) => {
      const sequence = await nextSequence(manager);
      for (const batch of chunk(rows, WRITE_BATCH)) {
        await manager.upsert(VectorRecordOrmEntity, batch, ['collection', 'id']);
      }
      await logChanges(
        manager,
        sequence,
        collection,
        rows.map((row) => row.id),
        'upsert',
      );
      return sequence;
    });
  }

  async delete(collection: string, ids: string[]): Promise<number> {
    const unique = [...new Set(ids)];
    return this.managers.transaction(async (manager) => {
      const sequence = await nextSequence(manager);
      for (const batch of chunk(unique, WRITE_BATCH)) {
        await manager.delete(VectorRecordOrmEntity, { collection, id: In(batch) });
      }
      await logChanges(manager, sequence, collection, unique, 'delete');
      return sequence;
    });
  }

  async dropCollection(collection: string): Promise<number> {
    return this.managers.transaction(async (manager) => {
      const sequence = await nextSequence(manager);
      await manager.delete(VectorRecordOrmEntity, { collection });
      await logChanges(manager, sequence, collection, [''], 'drop');
      return sequence;
    });
  }

  /** Pages by key (not offset), so each page is an index range scan and writes between pages shift nothing. */
  async *loadAll(): AsyncIterable<{ collection: string; record: VectorRecord }> {
    let after: { collection: string; id: string } | undefined;
    for (;;) {
      const page = await this.pageAfter(after);
      for (const row of page) yield { collection: row.collection, record: toVectorRecord(row) };
      if (page.length < this.pageSize) return;
      const last = page[page.length - 1];
      after = { collection: last.collection, id: last.id };
    }
  }

  async find(collection: string, ids: string[]): Promise<VectorRecord[]> {
    const found: VectorRecord[] = [];
    for (const batch of chunk([...new Set(ids)], WRITE_BATCH)) {
      const rows = await this.managers.use((manager) => manager.find(VectorRecordOrmEntity, { where: { collection, id: In(batch) } }));
      found.push(...rows.map(toVectorRecord));
    }
    return found;
  }

  latestSequence(): Promise<number> {
    return this.managers.use(readSequence);
  }

  async changesSince(after: number, maxSequences: number): Promise<VectorChangeBatch> {
    return this.managers.use(async (manager) => {
      const counters = await readCounters(manager);
      if (after < counters.prunedThrough) return { through: counters.latest, changes: [], lost: true };
      if (counters.latest <= after) return { through: after, changes: [] };
      const through = Math.min(counters.latest, after + maxSequences);
      const rows = (await manager.query('SELECT seq, collection, record_id, kind FROM vector_changes WHERE seq > ? AND seq <= ? ORDER BY seq', [
        after,
        through,
      ])) as ChangeRow[];
      // A prune that committed between the two reads may have deleted rows this batch needs.
      const now = await readCounters(manager);
      if (after < now.prunedThrough) return { through: now.latest, changes: [], lost: true };
      return { through, changes: rows.map(toChange) };
    });
  }

  /**
   * Moves the mark first, in a short transaction on the counter row (writers wait for it), so no
   * reader relies on a row from then on; then deletes the rows below it a range of sequences at a
   * time, each range its own statement, so no delete holds locks for long.
   */
  async pruneChanges(keepSequences: number): Promise<number> {
    const through = await this.managers.transaction(async (manager) => {
      const { latest, prunedThrough } = await readCounters(manager);
      const mark = Math.max(prunedThrough, latest - keepSequences);
      if (mark > prunedThrough) await manager.query('UPDATE vector_sequence SET pruned_through = ? WHERE id = 1 AND pruned_through < ?', [mark, mark]);
      return mark;
    });
    const [oldest] = (await this.managers.use((manager) => manager.query('SELECT MIN(seq) AS seq FROM vector_changes'))) as Array<{
      seq: number | string | null;
    }>;
    for (let from = Number(oldest?.seq ?? through + 1); from <= through; from += PRUNE_SEQUENCES) {
      const to = Math.min(through, from + PRUNE_SEQUENCES - 1);
      await this.managers.use((manager) => manager.query('DELETE FROM vector_changes WHERE seq >= ? AND seq <= ?', [from, to]));
    }
    return through;
  }

  private pageAfter(after?: { collection: string; id: string }): Promise<VectorRecordOrmEntity[]> {
    const where = after ? [{ collection: MoreThan(after.collection) }, { collection: after.collection, id: MoreThan(after.id) }] : {};
    return this.managers.use((manager) => manager.find(VectorRecordOrmEntity, { where, order: { collection: 'ASC', id: 'ASC' }, take: this.pageSize }));
  }
}

/** The UPDATE locks the counter row until commit, which orders concurrent writers (MariaDB). */
async function nextSequence(manager: EntityManager): Promise<number> {
  await manager.query('UPDATE vector_sequence SET last_seq = last_seq + 1 WHERE id = 1');
  return readSequence(manager);
}

async function readSequence(manager: EntityManager): Promise<number> {
  return (await readCounters(manager)).latest;
}

/** The last write's sequence, and the sequence the change log is pruned through (no change at or below it is kept). */
async function readCounters(manager: EntityManager): Promise<{ latest: number; prunedThrough: number }> {
  const rows = (await manager.query('SELECT last_seq, pruned_through FROM vector_sequence WHERE id = 1')) as Array<{
    last_seq: number | string;
    pruned_through: number | string;
  }>;
  return { latest: Number(rows[0]?.last_seq ?? 0), prunedThrough: Number(rows[0]?.pruned_through ?? 0) };
}

async function logChanges(manager: EntityManager, sequence: number, collection: string, ids: string[], kind: VectorChangeKind): Promise<void> {
  for (const batch of chunk(ids, WRITE_BATCH)) {
    const values = batch.map(() => '(?, ?, ?, ?)').join(', ');
    await manager.query(
      `INSERT INTO vector_changes (seq, collection, record_id, kind) VALUES ${values}`,
      batch.flatMap((id) => [sequence, collection, id, kind]),
    );
  }
}

function toChange(row: ChangeRow): VectorChange {
  return { sequence: Number(row.seq), collection: row.collection, id: row.record_id, kind: row.kind as VectorChangeKind };
}

function lastById(records: VectorRecord[]): VectorRecord[] {
  return [...new Map(records.map((record) => [record.id, record])).values()];
}

function chunk<T>(items: T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
