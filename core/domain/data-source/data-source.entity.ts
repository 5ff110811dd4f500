export const DATA_SOURCE_TYPES = ['sqlite', 'mysql', 'document'] as const;
export type DataSourceType = (typeof DATA_SOURCE_TYPES)[number];

/** A SQLite file the owner placed under `DATA_DIR/datasources/<ownerId>/`, opened read-only. */
export interface SqliteSourceConfig {
  /** Relative to the owner's data-source folder, `/`-separated. */
  file: string;
}

/** A MySQL or MariaDB server; the password is never part of the config (see `DataSource.sealedSecret`). */
export interface MysqlSourceConfig {
  host: string;
  port: number;
  database: string;
  user: string;
  /** TLS with certificate verification. */
  ssl: boolean;
}

/** Collections of JSON documents kept in the platform's own storage. */
export type DocumentSourceConfig = Record<string, never>;

interface DataSourceBase {
  /** UUID. */
  id: string;
  ownerId: string;
  /** Unique per owner. */
  name: string;
  createdAt: Date;
  /** The password, sealed by the `SecretCipher` under `secretContextOfDataSource(id)`; null when there is none. */
  sealedSecret: string | null;
}

/** A place agents and tools read data from, always read-only. */
export type DataSource =
  | (DataSourceBase & { type: 'sqlite'; config: SqliteSourceConfig })
  | (DataSourceBase & { type: 'mysql'; config: MysqlSourceConfig })
  | (DataSourceBase & { type: 'document'; config: DocumentSourceConfig });

/** What a listing shows of a data source. */
export interface DataSourceSummary {
  id: string;
  name: string;
  type: DataSourceType;
}

/** The additional authenticated data that binds a sealed password to its data source. */
export function secretContextOfDataSource(id: string): string {
  return `data_source:${id}`;
}
