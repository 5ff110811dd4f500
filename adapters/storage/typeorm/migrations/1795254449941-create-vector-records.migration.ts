import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateVectorRecords1795254449941 implements MigrationInterface {
  readonly name = 'CreateVectorRecords1795254449941';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'vector_records',
        columns: [
          portable.key(queryRunner, 'collection', 128, { isPrimary: true }),
          portable.key(queryRunner, 'id', 128, { isPrimary: true }),
          portable.blob('vector'),
          portable.json('metadata'),
          portable.text('content'),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('vector_records');
  }
}
