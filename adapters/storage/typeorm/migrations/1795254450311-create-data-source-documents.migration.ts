import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateDataSourceDocuments1795254450311 implements MigrationInterface {
  readonly name = 'CreateDataSourceDocuments1795254450311';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'data_source_documents',
        columns: [
          { name: 'seq', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          portable.uuid('id'),
          portable.uuid('data_source_id'),
          portable.key(queryRunner, 'collection', 64),
          portable.json('body'),
          portable.timestamp('created_at'),
        ],
        indices: [
          { name: 'UQ_data_source_documents_id', columnNames: ['id'], isUnique: true },
          { name: 'IDX_data_source_documents_scan', columnNames: ['data_source_id', 'collection', 'seq'] },
        ],
        // Deleting a data source deletes its documents in the same statement.
        foreignKeys: [
          {
            name: 'FK_data_source_documents_source',
            columnNames: ['data_source_id'],
            referencedTableName: 'data_sources',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('data_source_documents');
  }
}
