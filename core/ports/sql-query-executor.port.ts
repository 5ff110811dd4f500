import { JsonValue } from '../shared/json';
import { token } from '../shared/token';

/** Where a statement runs. The core has already vetted it (read-only, one statement) and the address. */
export type SqlTarget =
  | { dialect: 'sqlite'; ownerId: string; file: string }
  | {
      dialect: 'mysql';
      /** The configured host name (TLS server name). */
      host: string;
      /** The address the egress guard vetted: connect here, never to a fresh resolution of `host`. */
      address: string;
      port: number;
      database: string;
      user: string;
      password?: string;
      ssl: boolean;
    };

export interface SqlStatement {
  sql: string;
  /** Bound positionally to `?` placeholders, never spliced into the text. */
  params: Array<string | number | boolean | null>;
  /** Rows beyond this are not returned and set `truncated`. */
  maxRows: number;
  /** The answer stops growing past this many characters of JSON (then `truncated`). */
  maxChars: number;
  /** Server-side statement timeout and client-side deadline. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** A tabular answer; cells are JSON (binary as base64 text, big integers and decimals as text). */
export interface QueryResult {
  columns: string[];
  rows: JsonValue[][];
  truncated: boolean;
}

/**
 * Runs one read-only statement on a user's database, read-only at the database level too
 * (SQLite opened read-only, MySQL in a read-only transaction with multi-statements off).
 * Failures: `ReadOnlyQueryError`, `DataSourceQueryError`, `DataSourceTimeoutError`,
 * `DataSourceUnreachableError`.
 */
export interface SqlQueryExecutor {
  execute(target: SqlTarget, statement: SqlStatement): Promise<QueryResult>;
}

export const SQL_QUERY_EXECUTOR = token<SqlQueryExecutor>('SqlQueryExecutor');
