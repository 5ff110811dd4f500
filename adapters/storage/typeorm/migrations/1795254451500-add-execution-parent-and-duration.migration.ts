import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * Call chains and execution statistics (docs/execution-logs.md): the execution that started a
 * nested run, and each finished run's duration in milliseconds (-1 while unknown), computed for the
 * records already stored.
 */
export class AddExecutionParentAndDuration1795254451500 implements MigrationInterface {
  readonly name = 'AddExecutionParentAndDuration1795254451500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('executions', [
      new TableColumn({ name: 'parent_execution_id', type: 'varchar', length: '36', default: "''" }),
      new TableColumn({ name: 'duration_ms', type: 'bigint', default: -1 }),
    ]);
    const sqlite = queryRunner.connection.options.type === 'better-sqlite3' || queryRunner.connection.options.type === 'sqlite';
    const elapsed = sqlite
      ? 'CAST(ROUND((julianday(finished_at) - julianday(started_at)) * 86400000) AS INTEGER)'
      : 'TIMESTAMPDIFF(MICROSECOND, started_at, finished_at) DIV 1000';
    // Unset times are the epoch (see the entity), never NULL.
    await queryRunner.query(
      `UPDATE executions SET duration_ms = ${elapsed} WHERE finished_at > started_at AND started_at > '1970-01-02' AND status IN ('completed', 'failed', 'cancelled')`,
    );
    await queryRunner.createIndex('executions', new TableIndex({ name: 'IDX_executions_parent', columnNames: ['parent_execution_id'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('executions', 'IDX_executions_parent');
    for (const column of ['duration_ms', 'parent_execution_id']) await queryRunner.dropColumn('executions', column);
  }
}
