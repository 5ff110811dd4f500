import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Users' saved node configurations. `config` is a `json` column like `workflows.graph` (a long
 * prompt outgrows MySQL's 64 KiB TEXT); `description` is empty rather than NULL. The owner's
 * templates go with the owner; the index serves "this owner's templates (of one type), newest first".
 */
export class CreateNodeTemplates1795254452400 implements MigrationInterface {
  readonly name = 'CreateNodeTemplates1795254452400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'node_templates',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.varchar('name', 100),
          portable.text('description'),
          portable.varchar('node_type', 64),
          { name: 'config', type: 'json' },
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [
          { name: 'IDX_node_templates_owner_updated', columnNames: ['owner_id', 'updated_at'] },
          { name: 'IDX_node_templates_owner_type_updated', columnNames: ['owner_id', 'node_type', 'updated_at'] },
        ],
        foreignKeys: [
          {
            name: 'FK_node_templates_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('node_templates');
  }
}
