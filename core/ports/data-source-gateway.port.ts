import { Actor } from '../domain/auth/actor';
import { DataSourceSummary } from '../domain/data-source/data-source.entity';
import { JsonValue } from '../shared/json';
import { token } from '../shared/token';
import { QueryResult } from './sql-query-executor.port';

export interface DataSourceQueryRequest {
  dataSourceId: string;
  /** SQL for `sqlite` and `mysql`; a JSON document query for `document`. */
  query: string;
  params?: JsonValue[];
  maxRows?: number;
  /** JSON characters of the answer at most (then `truncated`); lowered to the service's maximum. */
  maxChars?: number;
  /** Lowered to the service's maximum. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What the kernel's `datasource` capability may do, acting as `actor` (implemented by the core). */
export interface DataSourceGateway {
  /** The actor's own data sources, by name. */
  list(actor: Actor): Promise<DataSourceSummary[]>;
  query(actor: Actor, request: DataSourceQueryRequest): Promise<QueryResult>;
}

export const DATA_SOURCE_GATEWAY = token<DataSourceGateway>('DataSourceGateway');
