import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * One row per version of a workflow (name, description, graph), deleted with the workflow.
 * Workflows stored before keep their current version as their first recorded one. `onUpdate` is
 * spelled out: MariaDB records an unspecified rule as RESTRICT, which TypeORM's schema diff reads
 * as a change from NO ACTION.
 */
export class CreateWorkflowVersions1795254452200 implements MigrationInterface {
  readonly name = 'CreateWorkflowVersions1795254452200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'workflow_versions',
        columns: [
          portable.uuid('workflow_id', { isPrimary: true }),
          { name: 'version', type: 'integer', isPrimary: true },
          portable.varchar('name', 200),
          portable.text('description'),
          // Not portable.json (TEXT, 64 KiB on MySQL): a graph may be far larger, as in `workflows`.
          { name: 'graph', type: 'json' },
          portable.timestamp('created_at'),
        ],
        foreignKeys: [
          {
            name: 'FK_workflow_versions_workflow',
            columnNames: ['workflow_id'],
            referencedTableName: 'workflows',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.query(
      'INSERT INTO workflow_versions (workflow_id, version, name, description, graph, created_at) SELECT id, version, name, description, graph, updated_at FROM workflows',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('workflow_versions');
  }
}
