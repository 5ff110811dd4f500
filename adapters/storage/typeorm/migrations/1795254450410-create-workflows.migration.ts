import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateWorkflows1795254450410 implements MigrationInterface {
  readonly name = 'CreateWorkflows1795254450410';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'workflows',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.varchar('name', 200),
          portable.text('description'),
          // Not portable.json (TEXT, 64 KiB on MySQL): a graph may be far larger. See the entity.
          { name: 'graph', type: 'json' },
          { name: 'version', type: 'integer' },
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [{ name: 'IDX_workflows_owner_created', columnNames: ['owner_id', 'created_at'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('workflows');
  }
}
