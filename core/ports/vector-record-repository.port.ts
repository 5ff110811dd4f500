import { VectorRecord } from './vector-store.port';
import { token } from '../shared/token';

export type VectorChangeKind = 'upsert' | 'delete' | 'drop';

/** One record touched by a write (a drop names no record: `id` is ''). */
export interface VectorChange {
  sequence: number;
  collection: string;
  id: string;
  kind: VectorChangeKind;
}

export interface VectorChangeBatch {
  /** Every change up to this sequence is in `changes` or was already applied. */
  through: number;
  changes: VectorChange[];
  /**
   * The log no longer holds the changes right after `after` (pruned): `changes` is empty, and the
   * reader must load every record again (`loadAll`), as of the sequence `through`.
   */
  lost?: true;
}

/**
 * Durable copy of the embedded vector index, so it survives restarts, with a change log so
 * each process's index can catch up with what the others wrote. Every write gets the next
 * sequence number; sequences are contiguous and become visible in order.
 */
export interface VectorRecordRepository {
  /** Returns the sequence number of this write. */
  upsert(collection: string, records: VectorRecord[]): Promise<number>;
  delete(collection: string, ids: string[]): Promise<number>;
  dropCollection(collection: string): Promise<number>;
  /** Every record of every collection, for reloading the index at start-up. */
  loadAll(): AsyncIterable<{ collection: string; record: VectorRecord }>;
  /** The records of `ids` that exist now, in no particular order. */
  find(collection: string, ids: string[]): Promise<VectorRecord[]>;
  /** The sequence of the last committed write (0 before any). */
  latestSequence(): Promise<number>;
  /** The changes of the writes after `after`, up to `maxSequences` of them; `lost` when they were pruned. */
  changesSince(after: number, maxSequences: number): Promise<VectorChangeBatch>;
  /**
   * Deletes the log of every write but the last `keepSequences`. A reader further behind learns it
   * from `changesSince` (`lost`). Answers the sequence the log is now pruned through.
   */
  pruneChanges(keepSequences: number): Promise<number>;
}

export const VECTOR_RECORD_REPOSITORY = token<VectorRecordRepository>('VectorRecordRepository');
