import { EntityManager } from 'typeorm';
import { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { AgentOrmEntity } from '../entities/agent.orm-entity';

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
 * driver still hydrates the timestamps, so both dialects map alike.
 */
export async function selectAgentRows(manager: EntityManager, where: string, params: unknown[]): Promise<AgentOrmEntity[]> {
  const rows = (await manager.query(`SELECT ${COLUMNS} FROM agents WHERE ${where}`, params)) as AgentOrmEntity[];
  if (rows.length === 0) return rows;
  const { driver } = manager.connection;
  const [createdAt, updatedAt] = [timestampColumn(manager, 'createdAt'), timestampColumn(manager, 'updatedAt')];
  return rows.map((row) => ({
    ...row,
    createdAt: driver.prepareHydratedValue(row.createdAt, createdAt) as Date,
    updatedAt: driver.prepareHydratedValue(row.updatedAt, updatedAt) as Date,
  }));
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
