import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateCustomTools1795254449975 implements MigrationInterface {
  readonly name = 'CreateCustomTools1795254449975';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'custom_tools',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.key(queryRunner, 'name', 64),
          portable.text('description'),
          portable.varchar('category', 32),
          portable.varchar('kind', 16),
          portable.json('config'),
          portable.json('input_schema'),
          portable.json('output_schema'),
          portable.text('sealed_secret'),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        // Owner first: it also serves "this owner's tools, by name".
        uniques: [{ name: 'UQ_custom_tools_owner_name', columnNames: ['owner_id', 'name'] }],
        foreignKeys: [
          {
            name: 'FK_custom_tools_owner',
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
    await queryRunner.dropTable('custom_tools');
  }
}
