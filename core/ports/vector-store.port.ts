import { token } from '../shared/token';

export type VectorMetadataValue = string | number | boolean;
export type VectorMetadata = Record<string, VectorMetadataValue>;

export interface VectorRecord {
  id: string;
  vector: number[];
  metadata: VectorMetadata;
  /** The text the vector was made from, returned with hits. */
  content: string;
}

export interface VectorHit {
  id: string;
  /** Cosine similarity, higher is closer. */
  score: number;
  metadata: VectorMetadata;
  content: string;
}

export interface VectorQuery {
  vector: number[];
  k: number;
  /** Every key must equal (an array: be one of) the record's metadata value. */
  filter?: Record<string, VectorMetadataValue | VectorMetadataValue[]>;
}

/** k-nearest-neighbour search over named collections. */
export interface VectorStore {
  /** Inserts or replaces by id. */
  upsert(collection: string, records: VectorRecord[]): Promise<void>;
  delete(collection: string, ids: string[]): Promise<void>;
  /** Removes every record whose metadata matches the filter. */
  deleteWhere(collection: string, filter: Record<string, VectorMetadataValue>): Promise<void>;
  search(collection: string, query: VectorQuery): Promise<VectorHit[]>;
  dropCollection(collection: string): Promise<void>;
}

export const VECTOR_STORE = token<VectorStore>('VectorStore');
