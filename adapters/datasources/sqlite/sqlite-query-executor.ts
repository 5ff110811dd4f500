import { DataSourceQueryError, DataSourceUnreachableError, ReadOnlyQueryError } from '../../../core/domain/data-source/data-source.errors';
import { QueryResult, SqlQueryExecutor, SqlStatement, SqlTarget } from '../../../core/ports/sql-query-executor.port';
import { JsonValue } from '../../../core/shared/json';
import { jailedSqliteFile } from './sqlite-file-jail';
import { SqliteProcessPool, SqliteProcessPoolOptions } from './sqlite-process-pool';

/**
 * SQLite data sources: files under `<root>/<ownerId>/` (root = `DATA_DIR/datasources`),
 * opened read-only in a worker process that is killed at the statement's deadline.
 * Booleans bind as 1 and 0; BLOBs come back as base64 text.
 */
export class SqliteQueryExecutor implements SqlQueryExecutor {
  private readonly pool: SqliteProcessPool;

  constructor(
    private readonly root: string,
    options: SqliteProcessPoolOptions = {},
  ) {
    this.pool = new SqliteProcessPool(options);
  }

  async execute(target: SqlTarget, statement: SqlStatement): Promise<QueryResult> {
    if (target.dialect !== 'sqlite') throw new Error(`SqliteQueryExecutor cannot run ${target.dialect} statements`);
    const file = await jailedSqliteFile(this.root, target.ownerId, target.file);
    const params = statement.params.map((value) => (typeof value === 'boolean' ? Number(value) : value));
    const job = { file, sql: statement.sql, params, maxRows: statement.maxRows, maxChars: statement.maxChars };
    const answer = await this.pool.run(job, statement.timeoutMs, statement.signal);
    if (answer.ok) return { columns: answer.columns, rows: answer.rows as JsonValue[][], truncated: answer.truncated };
    if (answer.kind === 'refused') throw new ReadOnlyQueryError(answer.message);
    if (answer.kind === 'unreachable') throw new DataSourceUnreachableError(answer.message);
    throw new DataSourceQueryError(`The database refused the query: ${answer.message}`);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
