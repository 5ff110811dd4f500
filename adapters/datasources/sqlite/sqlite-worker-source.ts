/** A query for the SQLite worker process. */
export interface SqliteJob {
  id: number;
  file: string;
  sql: string;
  params: Array<string | number | null>;
  maxRows: number;
  maxChars: number;
}

/** The worker's answer; `kind` sorts failures into the data-source errors without passing paths around. */
export type SqliteAnswer =
  | { id: number; ok: true; columns: string[]; rows: unknown[][]; truncated: boolean }
  | { id: number; ok: false; kind: 'refused' | 'query' | 'unreachable'; message: string };

/**
 * The worker, run with `node -e` so no separate file has to ship next to compiled code.
 * better-sqlite3 is synchronous and cannot interrupt a statement, so each query runs in
 * this child process, which the parent kills at the deadline: a runaway `WITH RECURSIVE`
 * never stalls the API process. The database is opened read-only, `query_only` and
 * `trusted_schema=OFF`; only a single statement that returns rows and does not write is run.
 * argv[1] is the path of the better-sqlite3 module.
 */
export const SQLITE_WORKER_SOURCE = String.raw`
'use strict';
const Database = require(process.argv[1]);
const MAX_MESSAGE = 300;
const UNREACHABLE = new Set(['SQLITE_CANTOPEN', 'SQLITE_NOTADB', 'SQLITE_CORRUPT', 'SQLITE_PERM', 'SQLITE_IOERR', 'SQLITE_AUTH']);
function cell(value) {
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) return value.toString('base64');
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value;
}
function fail(id, kind, message) {
  return { id: id, ok: false, kind: kind, message: String(message).slice(0, MAX_MESSAGE) };
}
function describe(id, error) {
  const code = typeof (error && error.code) === 'string' ? error.code : '';
  const primary = code.split('_').slice(0, 2).join('_');
  if (primary === 'SQLITE_READONLY') return fail(id, 'refused', 'the database refused to write');
  if (primary === 'SQLITE_NOTADB') return fail(id, 'unreachable', 'The file is not a SQLite database');
  if (UNREACHABLE.has(primary)) return fail(id, 'unreachable', 'The database file cannot be read');
  if (primary.startsWith('SQLITE_') || error instanceof RangeError || error instanceof TypeError) return fail(id, 'query', error.message);
  return fail(id, 'query', 'The query failed');
}
function run(job) {
  let db;
  try {
    try {
      db = new Database(job.file, { readonly: true, fileMustExist: true });
      db.pragma('query_only = ON');
      db.pragma('trusted_schema = OFF');
    } catch (error) {
      return fail(job.id, 'unreachable', error && error.code === 'SQLITE_NOTADB' ? 'The file is not a SQLite database' : 'The database file cannot be opened');
    }
    let statement;
    try {
      statement = db.prepare(job.sql);
    } catch (error) {
      if (error instanceof RangeError && /more than one statement/.test(error.message)) return fail(job.id, 'refused', 'several statements are not allowed');
      return describe(job.id, error);
    }
    if (!statement.reader) return fail(job.id, 'refused', 'the statement returns no rows');
    if (!statement.readonly) return fail(job.id, 'refused', 'the statement would write');
    const columns = statement.columns().map((column) => column.name);
    statement.raw(true);
    const rows = [];
    let chars = 2;
    let truncated = false;
    for (const row of statement.iterate(job.params)) {
      if (rows.length >= job.maxRows) { truncated = true; break; }
      const cells = row.map(cell);
      const size = JSON.stringify(cells).length + 1;
      if (chars + size > job.maxChars) { truncated = true; break; }
      rows.push(cells);
      chars += size;
    }
    return { id: job.id, ok: true, columns: columns, rows: rows, truncated: truncated };
  } catch (error) {
    return describe(job.id, error);
  } finally {
    try { if (db) db.close(); } catch (ignored) { /* closing a read-only handle cannot lose data */ }
  }
}
process.on('message', (job) => process.send(run(job)));
process.on('disconnect', () => process.exit(0));
`;
