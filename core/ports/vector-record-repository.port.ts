import { VectorRecord } from './vector-store.port';
import { token } from '../shared/token';

/** Durable copy of the embedded vector index, so it survives restarts. */
export interface VectorRecordRepository {
  upsert(collection: string, records: VectorRecord[]): Promise<void>;
  delete(collection: string, ids: string[]): Promise<void>;
  dropCollection(collection: string): Promise<void>;
  /** Every record of every collection, for reloading the index at start-up. */
  loadAll(): AsyncIterable<{ collection: string; record: VectorRecord }>;
}

export const VECTOR_RECORD_REPOSITORY = token<VectorRecordRepository>('VectorRecordRepository');
