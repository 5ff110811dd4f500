import { DataSource } from '../domain/data-source/data-source.entity';
import { token } from '../shared/token';

export interface DataSourceSlice {
  /** Sorted by name, then id. */
  items: DataSource[];
  /** Every match, regardless of offset and limit. */
  total: number;
}

/** Users' data sources. Names are unique per owner (the unique index decides, not a pre-check). */
export interface DataSourceRepository {
  /** Throws `DataSourceNameTakenError` when the owner already has a data source of that name. */
  create(source: DataSource): Promise<void>;
  findById(id: string): Promise<DataSource | null>;
  /** `ownerId` undefined: every owner's (admins). Filtering and counting happen in the database. */
  list(ownerId: string | undefined, offset: number, limit: number): Promise<DataSourceSlice>;
  /** Deletes it with its documents; false when there was none. */
  delete(id: string): Promise<boolean>;
}

export const DATA_SOURCE_REPOSITORY = token<DataSourceRepository>('DataSourceRepository');
