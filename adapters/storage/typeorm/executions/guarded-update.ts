import { EntityManager } from 'typeorm';
import { ExecutionGuard } from '../../../../core/domain/execution/execution-guard';
import { ExecutionOrmEntity } from '../entities/execution.orm-entity';
import { ExecutionRow } from '../mappers/execution.mapper';
import { affectedRows, columnName, persistentValue } from '../raw-statements';

/**
 * `UPDATE executions SET <set>, revision = revision + 1 WHERE id = ? AND <guard>`: the guard of
 * `guardHolds` in SQL, so the change applies atomically without reading the record first. True
 * when it applied.
 */
export async function updateWhereGuardHolds(manager: EntityManager, id: string, guard: ExecutionGuard, set: Partial<ExecutionRow>): Promise<boolean> {
  const column = (property: keyof ExecutionOrmEntity) => columnName(manager, ExecutionOrmEntity, property);
  const properties = Object.keys(set) as Array<keyof ExecutionRow>;
  const assignments = [...properties.map((property) => `${column(property)} = ?`), `${column('revision')} = ${column('revision')} + 1`];
  const conditions = [`${column('id')} = ?`, `${column('status')} IN (${guard.from.map(() => '?').join(', ')})`];
  const parameters: unknown[] = [...properties.map((property) => persistentValue(manager, ExecutionOrmEntity, property, set[property])), id, ...guard.from];
  if (guard.leaseOwner !== undefined) {
    conditions.push(`${column('leaseOwner')} = ?`);
    parameters.push(guard.leaseOwner);
  }
  if (guard.attempt !== undefined) {
    conditions.push(`${column('attempt')} = ?`);
    parameters.push(guard.attempt);
  }
  if (guard.leaseLiveAt) {
    // No lease is an empty owner (see the entity).
    conditions.push(`${column('leaseOwner')} <> '' AND ${column('leaseExpiresMs')} > ?`);
    parameters.push(guard.leaseLiveAt.getTime());
  }
  if (guard.leaseFreeAt) {
    conditions.push(`(${column('leaseOwner')} = '' OR ${column('leaseExpiresMs')} <= ?)`);
    parameters.push(guard.leaseFreeAt.getTime());
  }
  const table = manager.connection.driver.escape(manager.connection.getMetadata(ExecutionOrmEntity).tableName);
  return (await affectedRows(manager, `UPDATE ${table} SET ${assignments.join(', ')} WHERE ${conditions.join(' AND ')}`, parameters)) > 0;
}
