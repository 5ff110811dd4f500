import { Connection, FieldPacket } from 'mysql2';
import { DataSourceTimeoutError, DataSourceUnreachableError } from '../../../core/domain/data-source/data-source.errors';
import { QueryResult, SqlQueryExecutor, SqlStatement, SqlTarget } from '../../../core/ports/sql-query-executor.port';
import { JsonValue } from '../../../core/shared/json';
import { openMysqlConnection, run } from './mysql-connection';
import { toDataSourceError } from './mysql-error-mapper';

const MAX_CONNECT_MS = 10_000;
/** The client deadline trails the server's statement timeout, which answers with a proper error. */
const CLIENT_GRACE_MS = 1000;
/** Modes that would make the server read quotes differently from the statement guard. */
const UNSAFE_MODES = new Set(['NO_BACKSLASH_ESCAPES', 'ANSI_QUOTES', 'ANSI']);

/**
 * MySQL and MariaDB data sources, one connection per query (closed afterwards). The session
 * is made read-only with a server-side statement timeout (`max_statement_time` on MariaDB,
 * `max_execution_time` on MySQL) and the statement runs as a server-side prepared statement
 * (parameters bound) inside `START TRANSACTION READ ONLY`. Rows are streamed and the
 * connection dropped once the row or size cap is reached; a client-side deadline backs the
 * server's timeout.
 */
export class MysqlQueryExecutor implements SqlQueryExecutor {
  async execute(target: SqlTarget, statement: SqlStatement): Promise<QueryResult> {
    if (target.dialect !== 'mysql') throw new Error(`MysqlQueryExecutor cannot run ${target.dialect} statements`);
    let connection: Connection | undefined;
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      connection?.destroy();
    }, statement.timeoutMs + CLIENT_GRACE_MS);
    const onAbort = (): void => connection?.destroy();
    statement.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      connection = await openMysqlConnection(target, Math.min(statement.timeoutMs, MAX_CONNECT_MS));
      if (timedOut || statement.signal?.aborted) connection.destroy();
      await prepareSession(connection, statement.timeoutMs);
      const result = await stream(connection, statement);
      if (!result.truncated) await run(connection, 'ROLLBACK');
      return result;
    } catch (error) {
      if (timedOut) throw new DataSourceTimeoutError(statement.timeoutMs);
      if (statement.signal?.aborted) throw new DataSourceUnreachableError('The query was cancelled');
      throw toDataSourceError(error, statement.timeoutMs);
    } finally {
      clearTimeout(deadline);
      statement.signal?.removeEventListener('abort', onAbort);
      connection?.destroy();
    }
  }
}

async function prepareSession(connection: Connection, timeoutMs: number): Promise<void> {
  const [{ mode, version }] = (await run(connection, 'SELECT @@SESSION.sql_mode AS mode, VERSION() AS version')) as Array<{ mode: string; version: string }>;
  const safeMode = mode
    .split(',')
    .filter((m) => m !== '' && !UNSAFE_MODES.has(m.toUpperCase()))
    .join(',');
  if (/mariadb/i.test(version)) {
    await run(connection, 'SET SESSION sql_mode = ?, SESSION max_statement_time = ?', [safeMode, timeoutMs / 1000]);
  } else {
    await run(connection, 'SET SESSION sql_mode = ?, SESSION max_execution_time = ?', [safeMode, timeoutMs]);
  }
  await run(connection, 'SET SESSION TRANSACTION READ ONLY');
  await run(connection, 'START TRANSACTION READ ONLY');
}

function stream(connection: Connection, statement: SqlStatement): Promise<QueryResult> {
  return new Promise((resolve, reject) => {
    let columns: string[] = [];
    const rows: JsonValue[][] = [];
    let chars = 2;
    let settled = false;
    const params = statement.params.map((value) => (typeof value === 'boolean' ? Number(value) : value));
    const query = connection.execute({ sql: statement.sql, values: params, rowsAsArray: true });
    const finish = (truncated: boolean): void => {
      if (settled) return;
      settled = true;
      // Stopping a result set half-way means dropping the connection; it is closed after this query anyway.
      if (truncated) connection.destroy();
      resolve({ columns, rows, truncated });
    };
    query.on('fields', (fields: FieldPacket | FieldPacket[]) => {
      columns = (Array.isArray(fields) ? fields : [fields]).map((field) => field.name);
    });
    query.on('result', (row: unknown) => {
      if (settled || !Array.isArray(row)) return;
      if (rows.length >= statement.maxRows) return finish(true);
      const cells = row.map(toJson);
      const size = JSON.stringify(cells).length + 1;
      if (chars + size > statement.maxChars) return finish(true);
      rows.push(cells);
      chars += size;
    });
    query.on('error', (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
    query.on('end', () => finish(false));
  });
}

/** A cell as JSON: binary as base64; dates, decimals and integers past 2^53 are already text (`dateStrings`, `supportBigNumbers`). */
function toJson(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}
