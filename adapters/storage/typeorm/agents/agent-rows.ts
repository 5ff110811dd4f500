import { EntityManager } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { AgentOrmEntity } from '../entities/agent.orm-entity';
import { cachedStatement, sqliteDatabaseOf } from '../sqlite-statements';

const COLUMNS = [
  'id',
  'owner_id AS ownerId',
  'name',
  'description',
  'system_prompt AS systemPrompt',
  'model_config AS modelConfig',
  'model_config_id AS modelConfigId',
  'iteration_limit AS iterationLimit',
  'include_tools AS includeTools',
  'workflow_config AS workflowConfig',
  'run_settings AS runSettings',
  'status',
  'version',
  'is_main_agent AS isMainAgent',
  'created_at AS createdAt',
  'updated_at AS updatedAt',
].join(', ');

/**
 * Agent rows read with a plain query: the point read and a page of the list are hot paths, and
 * TypeORM's `find*` costs several times the query itself on SQLite (docs/benchmarks.md). The
 * driver still hydrates the timestamps, so both dialects map alike. On SQLite the rows come from
 * a cached statement as arrays (a third cheaper than building a keyed row per record, and no
 * TypeORM query runner per call), with the timestamps SQLite stores hydrated directly.
 */
export async function selectAgentRows(manager: EntityManager, where: string, params: unknown[], order = ''): Promise<AgentOrmEntity[]> {
  const sql = `SELECT ${COLUMNS} FROM agents WHERE ${where}${order && ` ORDER BY ${order}`}`;
  const database = sqliteDatabaseOf(manager);
  if (database) {
    const statement = cachedStatement(database, `${sql} /* as arrays */`);
    const rows = statement.raw(true).all(...params) as unknown[][];
    return rows.map((row) => fromSqliteColumns(manager, row));
  }
  const rows = (await manager.query(sql, params)) as AgentOrmEntity[];
  if (rows.length === 0) return rows;
  const { driver } = manager.connection;
  const [createdAt, updatedAt] = [timestampColumn(manager, 'createdAt'), timestampColumn(manager, 'updatedAt')];
  return rows.map((row) => ({
    ...row,
    createdAt: driver.prepareHydratedValue(row.createdAt, createdAt) as Date,
    updatedAt: driver.prepareHydratedValue(row.updatedAt, updatedAt) as Date,
  }));
}

/** One row of `COLUMNS` as SQLite gives it in array mode. */
function fromSqliteColumns(manager: EntityManager, row: unknown[]): AgentOrmEntity {
  return {
    id: row[0] as string,
    ownerId: row[1] as string,
    name: row[2] as string,
    description: row[3] as string,
    systemPrompt: row[4] as string,
    modelConfig: row[5] as string,
    modelConfigId: row[6] as string,
    iterationLimit: row[7] as number,
    includeTools: row[8] as string,
    workflowConfig: row[9] as string,
    runSettings: row[10] as string,
    status: row[11] as string,
    version: row[12] as number,
    isMainAgent: row[13] as boolean,
    createdAt: sqliteTimestamp(manager, row[14], 'createdAt'),
    updatedAt: sqliteTimestamp(manager, row[15], 'updatedAt'),
  };
}

/** How SQLite stores a `datetime` column: UTC, to the millisecond, a space before the time. */
const STORED_TIMESTAMP = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/;

/** What the driver's hydration makes of the stored form (`T` for the space, `Z` appended); anything else goes through it. */
function sqliteTimestamp(manager: EntityManager, value: unknown, property: 'createdAt' | 'updatedAt'): Date {
  if (typeof value === 'string' && STORED_TIMESTAMP.test(value)) return new Date(`${value.slice(0, 10)}T${value.slice(11)}Z`);
  return manager.connection.driver.prepareHydratedValue(value, timestampColumn(manager, property)) as Date;
}

/** `created_at` as the driver writes it, to compare with the stored column in a plain query. */
export function storedCreatedAt(manager: EntityManager, createdAt: Date): unknown {
  return manager.connection.driver.preparePersistentValue(createdAt, timestampColumn(manager, 'createdAt'));
}

function timestampColumn(manager: EntityManager, property: 'createdAt' | 'updatedAt'): ColumnMetadata {
  const column = manager.connection.getMetadata(AgentOrmEntity).findColumnWithPropertyName(property);
  if (!column) throw new Error(`AgentOrmEntity has no ${property} column`);
  return column;
}
