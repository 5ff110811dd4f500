import { EntityManager } from 'typeorm';
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
  const metadata = manager.connection.getMetadata(AgentOrmEntity);
  const [createdAt, updatedAt] = ['createdAt', 'updatedAt'].map((name) => metadata.findColumnWithPropertyName(name));
  if (!createdAt || !updatedAt) throw new Error('AgentOrmEntity has no timestamp columns');
  return rows.map((row) => ({
    ...row,
    createdAt: driver.prepareHydratedValue(row.createdAt, createdAt) as Date,
    updatedAt: driver.prepareHydratedValue(row.updatedAt, updatedAt) as Date,
  }));
}
