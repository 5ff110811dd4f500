import { EntityManager, EntityTarget, ObjectLiteral } from 'typeorm';

/**
 * Statements with every value bound as a parameter, for writes made at every workflow node. The
 * query builders write numbers into the SQL text on SQLite, so each such statement is new to the
 * driver, prepared again and evicted from its statement cache; these keep one text per shape.
 * Values go through the driver's own conversion (JSON, booleans, times) as the builders' do.
 */

/** Runs `sql` and returns the rows it changed (on MySQL, the rows it matched). */
export async function affectedRows(manager: EntityManager, sql: string, parameters: unknown[]): Promise<number> {
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    return (await runner.query(sql, parameters, true)).affected ?? 0;
  } finally {
    if (runner !== manager.queryRunner) await runner.release();
  }
}

/** The stored form of `value` for the entity's property, as the driver writes it. */
export function persistentValue<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, property: keyof T & string, value: unknown): unknown {
  const column = manager.connection.getMetadata(entity).findColumnWithPropertyName(property);
  if (!column) throw new Error(`No column for ${property}`);
  return manager.connection.driver.preparePersistentValue(value, column);
}

/** The column's name in SQL, escaped. */
export function columnName<T extends ObjectLiteral>(manager: EntityManager, entity: EntityTarget<T>, property: keyof T & string): string {
  const column = manager.connection.getMetadata(entity).findColumnWithPropertyName(property);
  if (!column) throw new Error(`No column for ${property}`);
  return manager.connection.driver.escape(column.databaseName);
}

/** Inserts `rows` (every one with the same properties) in one statement; with `ignoreDuplicates`, a row whose key is taken is skipped. */
export async function insertRows<T extends ObjectLiteral>(
  manager: EntityManager,
  entity: EntityTarget<T>,
  rows: ReadonlyArray<Partial<T>>,
  ignoreDuplicates = false,
): Promise<void> {
  if (rows.length === 0) return;
  const properties = Object.keys(rows[0]) as Array<keyof T & string>;
  const table = manager.connection.driver.escape(manager.connection.getMetadata(entity).tableName);
  const columns = properties.map((property) => columnName(manager, entity, property)).join(', ');
  const tuple = `(${properties.map(() => '?').join(', ')})`;
  const values = rows.map(() => tuple).join(', ');
  const parameters = rows.flatMap((row) => properties.map((property) => persistentValue(manager, entity, property, row[property])));
  const mysql = manager.connection.driver.options.type === 'mysql';
  const verb = !ignoreDuplicates ? 'INSERT' : mysql ? 'INSERT IGNORE' : 'INSERT OR IGNORE';
  await manager.query(`${verb} INTO ${table} (${columns}) VALUES ${values}`, parameters);
}
