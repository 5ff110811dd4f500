import { JsonObject } from '../shared/json';
import { token } from '../shared/token';

/** One JSON document of a `document` data source. */
export interface StoredDocument {
  /** UUID, shown to queries as `_id`. */
  id: string;
  dataSourceId: string;
  collection: string;
  body: JsonObject;
  createdAt: Date;
}

export interface CollectionSummary {
  name: string;
  documents: number;
}

/**
 * The documents of `document` data sources, in collections. Scans return storage
 * (insertion) order in batches, so a query reads a collection without holding it all.
 */
export interface DocumentCollectionRepository {
  /** All or nothing. */
  insert(documents: StoredDocument[]): Promise<void>;
  /** Up to `limit` documents after `cursor` (null: from the start), and the cursor to continue from. */
  scan(dataSourceId: string, collection: string, cursor: string | null, limit: number): Promise<{ documents: StoredDocument[]; next: string | null }>;
  count(dataSourceId: string, collection: string): Promise<number>;
  /** Sorted by name. */
  collections(dataSourceId: string): Promise<CollectionSummary[]>;
  /** How many documents were removed. */
  deleteCollection(dataSourceId: string, collection: string): Promise<number>;
}

export const DOCUMENT_COLLECTION_REPOSITORY = token<DocumentCollectionRepository>('DocumentCollectionRepository');
