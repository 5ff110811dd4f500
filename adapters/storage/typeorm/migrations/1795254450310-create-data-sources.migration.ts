import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateDataSources1795254450310 implements MigrationInterface {
  readonly name = 'CreateDataSources1795254450310';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'data_sources',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.key(queryRunner, 'name', 128),
          portable.varchar('type', 16),
          portable.json('config'),
          portable.text('sealed_secret'),
          portable.timestamp('created_at'),
        ],
        indices: [{ name: 'UQ_data_sources_owner_name', columnNames: ['owner_id', 'name'], isUnique: true }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('data_sources');
  }
}
