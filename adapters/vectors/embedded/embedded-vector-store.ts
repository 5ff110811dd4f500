import { Logger } from '../../../core/ports/logger.port';
import { VectorChangeBatch, VectorRecordRepository } from '../../../core/ports/vector-record-repository.port';
import { VectorHit, VectorMetadataValue, VectorQuery, VectorRecord, VectorStore } from '../../../core/ports/vector-store.port';
import { CapturedSnapshot, IndexSnapshots } from './index-snapshot';
import { DEFAULT_INDEX_TUNING, IndexTuning } from './index-tuning';
import { compileFilter } from './metadata-filter';
import { VectorCollection } from './vector-collection';
import { normalised } from './vector-math';

export interface EmbeddedVectorStoreOptions {
  /** Where index snapshots go; none are written or read without it. */
  snapshotDirectory?: string;
  /** Records changed since the last snapshot that make the next one due. */
  snapshotEveryChanges?: number;
  /** How often a snapshot is written when anything changed since the last one. */
  snapshotIntervalMs?: number;
  /**
   * Writes whose change log a snapshot keeps (the rest is pruned): a process whose index is further
   * behind, or which starts from an older snapshot, rebuilds from every record instead of replaying.
   */
  changeLogKeepSequences?: number;
  tuning?: IndexTuning;
}

/** Sequences replayed per change-log read. */
const CATCH_UP_SEQUENCES = 500;

/** Writes of the change log kept after a snapshot: days of a busy knowledge base's ingestion. */
const DEFAULT_CHANGE_LOG_KEEP = 100_000;

/**
 * In-process index (HNSW graphs, see VectorCollection), written through to the
 * VectorRecordRepository, which stays the source of truth. Writes run one at a time, so the
 * index and the repository apply them in the same order; the repository is written first,
 * so a failed write leaves the index untouched.
 *
 * Other processes write the same repository: before every search the store reads the change
 * log past the last sequence it applied (one primary-key read when nothing changed) and
 * re-reads the records those changes touched. `load()` starts from the newest snapshot and
 * replays only the changes after it, or rebuilds from every record when there is no usable one.
 */
export class EmbeddedVectorStore implements VectorStore {
  private collections = new Map<string, VectorCollection>();
  private writes: Promise<unknown> = Promise.resolve();
  private snapshotting: Promise<unknown> = Promise.resolve();
  private applied = 0;
  private changedSinceSnapshot = 0;
  private nextCatchUp?: Promise<void>;
  private snapshotQueued = false;
  private timer?: NodeJS.Timeout;
  private readonly tuning: IndexTuning;
  private readonly snapshots?: IndexSnapshots;

  constructor(
    private readonly repository: VectorRecordRepository,
    private readonly logger?: Logger,
    private readonly options: EmbeddedVectorStoreOptions = {},
  ) {
    this.tuning = options.tuning ?? DEFAULT_INDEX_TUNING;
    this.snapshots = options.snapshotDirectory ? new IndexSnapshots(options.snapshotDirectory, this.tuning) : undefined;
  }

  /** Replaces the index with the repository's content; returns how many records it holds. */
  load(): Promise<number> {
    return this.exclusive(async () => {
      const restored = await this.restoreSnapshot();
      if (!restored) await this.rebuild();
      await this.catchUp();
      this.startSnapshotTimer();
      return [...this.collections.values()].reduce((sum, index) => sum + index.size, 0);
    });
  }

  /** Writes a final snapshot if anything changed since the last one, and stops the timer. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    if (this.changedSinceSnapshot === 0) return;
    // A failed snapshot costs the next start a longer replay, never data: shutdown goes on.
    await this.snapshot().catch((error: unknown) => this.logger?.warn({ error: String(error) }, 'vector index snapshot failed'));
  }

  /**
   * Writes a snapshot of the index now (also done every N changes, on an interval and on close).
   * Only its capture (graphs and vectors, which change in place) holds the write queue, and with it
   * searches; the records, checksums and the prune of the change log follow once it is let go.
   */
  snapshot(): Promise<void> {
    // One at a time, so snapshots become current in the order they were captured.
    const run = this.snapshotting.then(() => this.writeSnapshot());
    this.snapshotting = run.catch(() => undefined);
    return run;
  }

  private async writeSnapshot(): Promise<void> {
    if (!this.snapshots) return;
    const snapshots = this.snapshots;
    const started = Date.now();
    const captured = await this.exclusive(() => this.captureSnapshot(snapshots));
    await snapshots.complete(captured.snapshot);
    this.logger?.info({ sequence: captured.snapshot.sequence, ms: Date.now() - started, heldMs: captured.heldMs }, 'vector index snapshot written');
    this.changedSinceSnapshot = Math.max(0, this.changedSinceSnapshot - captured.changed);
    await this.pruneChangeLog();
  }

  upsert(collection: string, records: VectorRecord[]): Promise<void> {
    return this.exclusive(async () => {
      if (records.length === 0) return;
      const dimensions = this.collections.get(collection)?.dimensions ?? records[0].vector.length;
      const units = records.map((record) => normalised(record.vector, dimensions));
      this.ownWrite(await this.repository.upsert(collection, records), records.length);
      const index = this.collectionFor(collection, dimensions);
      records.forEach((record, i) => index.put(record.id, units[i], { ...record.metadata }, record.content));
    });
  }

  delete(collection: string, ids: string[]): Promise<void> {
    return this.exclusive(async () => {
      const index = this.collections.get(collection);
      if (!index || ids.length === 0) return;
      this.ownWrite(await this.repository.delete(collection, ids), ids.length);
      for (const id of ids) index.remove(id);
    });
  }

  deleteWhere(collection: string, filter: Record<string, VectorMetadataValue>): Promise<void> {
    return this.exclusive(async () => {
      await this.catchUp();
      const index = this.collections.get(collection);
      if (!index) return;
      const predicate = compileFilter(filter);
      const ids = index.idsWhere(predicate ?? (() => true));
      if (ids.length === 0) return;
      this.ownWrite(await this.repository.delete(collection, ids), ids.length);
      for (const id of ids) index.remove(id);
    });
  }

  async search(collection: string, query: VectorQuery): Promise<VectorHit[]> {
    await this.caughtUp();
    const index = this.collections.get(collection);
    if (!index) return [];
    return index.search(normalised(query.vector, index.dimensions), query.k, query.filter);
  }

  dropCollection(collection: string): Promise<void> {
    return this.exclusive(async () => {
      this.ownWrite(await this.repository.dropCollection(collection), 1);
      this.collections.delete(collection);
    });
  }

  /**
   * Resolves once every write committed before the call is applied. Callers arriving while a
   * check waits its turn share it: it has not read the log yet, so it sees their writes too.
   */
  private caughtUp(): Promise<void> {
    if (this.nextCatchUp) return this.nextCatchUp;
    const check: Promise<void> = this.exclusive(async () => {
      if (this.nextCatchUp === check) this.nextCatchUp = undefined;
      try {
        await this.catchUp();
      } catch (error) {
        // Serving a slightly stale index beats failing the search while the database is away.
        this.logger?.warn({ error: String(error) }, 'vector index could not catch up with the change log');
      }
    });
    this.nextCatchUp = check;
    return check;
  }

  private async catchUp(): Promise<void> {
    for (;;) {
      const batch = await this.repository.changesSince(this.applied, CATCH_UP_SEQUENCES);
      if (batch.lost) {
        this.logger?.info({ applied: this.applied }, 'vector change log pruned past this index: rebuilding from the database');
        await this.rebuild();
        continue;
      }
      if (batch.through <= this.applied) return;
      await this.apply(batch);
      this.applied = batch.through;
    }
  }

  /** Re-reads the records the changes touched: whatever they hold now is what the index must hold. */
  private async apply(batch: VectorChangeBatch): Promise<void> {
    const touched = new Map<string, Set<string>>();
    for (const change of batch.changes) {
      if (change.kind === 'drop') {
        this.collections.delete(change.collection);
        touched.set(change.collection, new Set());
        continue;
      }
      const ids = touched.get(change.collection) ?? new Set<string>();
      touched.set(change.collection, ids);
      ids.add(change.id);
    }
    for (const [collection, ids] of touched) {
      if (ids.size === 0) continue;
      const current = await this.repository.find(collection, [...ids]);
      const present = new Set(current.map((record) => record.id));
      const index = this.collections.get(collection);
      for (const id of ids) if (!present.has(id)) index?.remove(id);
      for (const record of current) if (!this.putLoaded(collection, record)) index?.remove(record.id);
    }
    this.changedSinceSnapshot += batch.changes.length;
    this.maybeSnapshot();
  }

  private async rebuild(): Promise<void> {
    const started = Date.now();
    this.applied = await this.repository.latestSequence();
    this.collections = new Map();
    let count = 0;
    for await (const { collection, record } of this.repository.loadAll()) {
      if (this.putLoaded(collection, record)) count++;
    }
    this.logger?.info({ records: count, ms: Date.now() - started }, 'vector index rebuilt from the database');
    // The next start should not pay for this again.
    this.changedSinceSnapshot = count > 0 ? Math.max(1, this.changedSinceSnapshot) : 0;
  }

  private async restoreSnapshot(): Promise<boolean> {
    if (!this.snapshots) return false;
    const started = Date.now();
    try {
      const image = await this.snapshots.read();
      if (!image) return false;
      const latest = await this.repository.latestSequence();
      if (image.sequence > latest) throw new Error(`snapshot is at sequence ${image.sequence}, the database at ${latest}`);
      this.collections = new Map([...image.collections].map(([name, state]) => [name, new VectorCollection(state.dimensions, this.tuning, state)]));
      this.applied = image.sequence;
      this.logger?.info({ sequence: image.sequence, ms: Date.now() - started }, 'vector index loaded from its snapshot');
      return true;
    } catch (error) {
      this.logger?.warn({ error: String(error) }, 'vector index snapshot unusable: rebuilding from the database');
      return false;
    }
  }

  private putLoaded(collection: string, record: VectorRecord): boolean {
    try {
      const dimensions = this.collections.get(collection)?.dimensions ?? record.vector.length;
      const unit = normalised(record.vector, dimensions);
      this.collectionFor(collection, dimensions).put(record.id, unit, { ...record.metadata }, record.content);
      return true;
    } catch (error) {
      this.logger?.warn({ collection, id: record.id, error: String(error) }, 'stored vector skipped');
      return false;
    }
  }

  private collectionFor(collection: string, dimensions: number): VectorCollection {
    const existing = this.collections.get(collection);
    if (existing) return existing;
    const created = new VectorCollection(dimensions, this.tuning);
    this.collections.set(collection, created);
    return created;
  }

  /** A write of this store's own: when no other write came between, the log holds nothing new for it. */
  private ownWrite(sequence: number, records: number): void {
    if (sequence === this.applied + 1) this.applied = sequence;
    this.changedSinceSnapshot += records;
    this.maybeSnapshot();
  }

  private maybeSnapshot(): void {
    if (!this.snapshots || this.changedSinceSnapshot < (this.options.snapshotEveryChanges ?? 10_000)) return;
    this.snapshotInBackground();
  }

  private snapshotInBackground(): void {
    if (this.snapshotQueued) return;
    this.snapshotQueued = true;
    void this.snapshot()
      .catch((error: unknown) => this.logger?.warn({ error: String(error) }, 'vector index snapshot failed'))
      .finally(() => {
        this.snapshotQueued = false;
      });
  }

  private async captureSnapshot(snapshots: IndexSnapshots): Promise<{ snapshot: CapturedSnapshot; changed: number; heldMs: number }> {
    const started = Date.now();
    const collections = new Map([...this.collections].map(([name, index]) => [name, index.image()]));
    const changed = this.changedSinceSnapshot;
    const snapshot = await snapshots.capture({ sequence: this.applied, collections });
    return { snapshot, changed, heldMs: Date.now() - started };
  }

  /** A snapshot needs only the log after it; readers further behind than what is kept reload. */
  private async pruneChangeLog(): Promise<void> {
    const keep = this.options.changeLogKeepSequences ?? DEFAULT_CHANGE_LOG_KEEP;
    if (!this.snapshots || this.applied <= keep) return;
    // The snapshot stands whether or not the log could be pruned; the next snapshot tries again.
    await this.repository.pruneChanges(keep).catch((error: unknown) => this.logger?.warn({ error: String(error) }, 'vector change log could not be pruned'));
  }

  private startSnapshotTimer(): void {
    if (!this.snapshots || this.timer) return;
    this.timer = setInterval(
      () => {
        if (this.changedSinceSnapshot > 0) this.snapshotInBackground();
      },
      this.options.snapshotIntervalMs ?? 5 * 60_000,
    );
    this.timer.unref();
  }

  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.writes.then(work, work);
    this.writes = run.catch(() => undefined);
    return run;
  }
}
