import { Logger } from '../../../core/ports/logger.port';
import { VectorRecordRepository } from '../../../core/ports/vector-record-repository.port';
import { VectorHit, VectorMetadataValue, VectorQuery, VectorRecord, VectorStore } from '../../../core/ports/vector-store.port';
import { compileFilter } from './metadata-filter';
import { VectorCollection } from './vector-collection';
import { normalised } from './vector-math';

/**
 * In-process brute-force index (≈ 0.5 µs per vector at 384 dimensions), written through to the
 * VectorRecordRepository so `load()` can rebuild it at start-up. Writes run one at a time, so
 * the index and the repository apply them in the same order; the repository is written first,
 * so a failed write leaves the index untouched.
 */
export class EmbeddedVectorStore implements VectorStore {
  private collections = new Map<string, VectorCollection>();
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repository: VectorRecordRepository,
    private readonly logger?: Logger,
  ) {}

  /** Replaces the index with the repository's content; returns how many records it holds. */
  load(): Promise<number> {
    return this.exclusive(async () => {
      const loaded = new Map<string, VectorCollection>();
      let count = 0;
      for await (const { collection, record } of this.repository.loadAll()) {
        const index = loaded.get(collection) ?? new VectorCollection(record.vector.length);
        loaded.set(collection, index);
        try {
          index.put(record.id, normalised(record.vector, index.dimensions), { ...record.metadata }, record.content);
          count++;
        } catch (error) {
          this.logger?.warn({ collection, id: record.id, error: String(error) }, 'stored vector skipped');
        }
      }
      this.collections = loaded;
      return count;
    });
  }

  upsert(collection: string, records: VectorRecord[]): Promise<void> {
    return this.exclusive(async () => {
      if (records.length === 0) return;
      const dimensions = this.collections.get(collection)?.dimensions ?? records[0].vector.length;
      const units = records.map((record) => normalised(record.vector, dimensions));
      await this.repository.upsert(collection, records);
      const index = this.collections.get(collection) ?? new VectorCollection(dimensions);
      this.collections.set(collection, index);
      records.forEach((record, i) => index.put(record.id, units[i], { ...record.metadata }, record.content));
    });
  }

  delete(collection: string, ids: string[]): Promise<void> {
    return this.exclusive(async () => {
      const index = this.collections.get(collection);
      if (!index || ids.length === 0) return;
      await this.repository.delete(collection, ids);
      for (const id of ids) index.remove(id);
    });
  }

  deleteWhere(collection: string, filter: Record<string, VectorMetadataValue>): Promise<void> {
    return this.exclusive(async () => {
      const index = this.collections.get(collection);
      if (!index) return;
      const predicate = compileFilter(filter);
      const ids = index.idsWhere(predicate ?? (() => true));
      if (ids.length === 0) return;
      await this.repository.delete(collection, ids);
      for (const id of ids) index.remove(id);
    });
  }

  async search(collection: string, query: VectorQuery): Promise<VectorHit[]> {
    const index = this.collections.get(collection);
    if (!index) return [];
    return index.search(normalised(query.vector, index.dimensions), query.k, compileFilter(query.filter));
  }

  dropCollection(collection: string): Promise<void> {
    return this.exclusive(async () => {
      await this.repository.dropCollection(collection);
      this.collections.delete(collection);
    });
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writes.then(work, work);
    this.writes = run.catch(() => undefined);
    return run;
  }
}
