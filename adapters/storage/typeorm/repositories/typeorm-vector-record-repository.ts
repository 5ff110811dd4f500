import { In, MoreThan } from 'typeorm';
import { VectorRecordRepository } from '../../../../core/ports/vector-record-repository.port';
import { VectorRecord } from '../../../../core/ports/vector-store.port';
import { VectorRecordOrmEntity } from '../entities/vector-record.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toVectorRecord, toVectorRow } from '../mappers/vector-record.mapper';

/** Rows a statement writes at once: far below SQLite's bound-variable limit. */
const WRITE_BATCH = 200;

export class TypeOrmVectorRecordRepository implements VectorRecordRepository {
  constructor(
    private readonly managers: ManagerProvider,
    private readonly pageSize = 1000,
  ) {}

  async upsert(collection: string, records: VectorRecord[]): Promise<void> {
    const rows = lastById(records).map((record) => toVectorRow(collection, record));
    if (rows.length === 0) return;
    await this.managers.transaction(async (manager) => {
      for (const batch of chunk(rows, WRITE_BATCH)) {
        await manager.upsert(VectorRecordOrmEntity, batch, ['collection', 'id']);
      }
    });
  }

  async delete(collection: string, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.managers.transaction(async (manager) => {
      for (const batch of chunk(ids, WRITE_BATCH)) {
        await manager.delete(VectorRecordOrmEntity, { collection, id: In(batch) });
      }
    });
  }

  async dropCollection(collection: string): Promise<void> {
    await this.managers.use((manager) => manager.delete(VectorRecordOrmEntity, { collection }));
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

  private pageAfter(after?: { collection: string; id: string }): Promise<VectorRecordOrmEntity[]> {
    const where = after ? [{ collection: MoreThan(after.collection) }, { collection: after.collection, id: MoreThan(after.id) }] : {};
    return this.managers.use((manager) => manager.find(VectorRecordOrmEntity, { where, order: { collection: 'ASC', id: 'ASC' }, take: this.pageSize }));
  }
}

function lastById(records: VectorRecord[]): VectorRecord[] {
  return [...new Map(records.map((record) => [record.id, record])).values()];
}

function chunk<T>(items: T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
