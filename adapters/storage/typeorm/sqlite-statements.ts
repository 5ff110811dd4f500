import type { Database, Statement } from 'better-sqlite3';
import { EntityManager } from 'typeorm';

/** Prepared statements of each SQLite connection, by SQL text; they live as long as the connection. */
const statements = new WeakMap<Database, Map<string, Statement>>();

/** The better-sqlite3 connection under `manager` when the database is SQLite (one connection, inside a transaction or not). */
export function sqliteDatabaseOf(manager: EntityManager): Database | undefined {
  return manager.connection.options.type === 'better-sqlite3'
    ? (manager.connection.driver as unknown as { databaseConnection: Database }).databaseConnection
    : undefined;
}

/**
 * The connection's statement for `sql`, prepared once. Only for texts of a few fixed shapes (values
 * always bound as parameters), as the cache is never trimmed.
 */
export function cachedStatement(database: Database, sql: string): Statement {
  let byText = statements.get(database);
  if (!byText) {
    byText = new Map();
    statements.set(database, byText);
  }
  let statement = byText.get(sql);
  if (!statement) {
    statement = database.prepare(sql);
    byText.set(sql, statement);
  }
  return statement;
}

/**
 * Rows of a read on a hot path: on SQLite through a cached better-sqlite3 statement, which costs a
 * fraction of TypeORM's `query` (a query runner, events and a statement lookup per call); else
 * through the manager. Rows come back as the driver gives them, alike on both paths.
 */
export async function readRows<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const database = sqliteDatabaseOf(manager);
  if (!database) return (await manager.query(sql, params)) as T[];
  return cachedStatement(database, sql).all(...params) as T[];
}

/** The first column of each row of a read on a hot path, as `readRows` reads rows: on SQLite no row object is built at all. */
export async function readColumn<T>(manager: EntityManager, sql: string, params: unknown[]): Promise<T[]> {
  const database = sqliteDatabaseOf(manager);
  if (!database) return ((await manager.query(sql, params)) as Array<Record<string, T>>).map((row) => Object.values(row)[0]);
  return cachedStatement(database, `${sql} /* first column */`)
    .pluck(true)
    .all(...params) as T[];
}
