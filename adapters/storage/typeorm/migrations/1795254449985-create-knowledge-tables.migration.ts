import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Knowledge bases, their documents and the documents' chunk texts, deleted together by cascade.
 * `onUpdate` is spelled out: MariaDB records an unspecified rule as RESTRICT, which TypeORM's
 * schema diff reads as a change from the entities' NO ACTION.
 */
export class CreateKnowledgeTables1795254449985 implements MigrationInterface {
  readonly name = 'CreateKnowledgeTables1795254449985';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'knowledge_bases',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.varchar('name', 100),
          portable.text('description'),
          { name: 'is_public', type: 'boolean' },
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [
          { name: 'IDX_knowledge_bases_owner_created', columnNames: ['owner_id', 'created_at'] },
          { name: 'IDX_knowledge_bases_public_created', columnNames: ['is_public', 'created_at'] },
        ],
        foreignKeys: [
          {
            name: 'FK_knowledge_bases_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'knowledge_documents',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('knowledge_base_id'),
          portable.uuid('owner_id'),
          portable.varchar('title', 255),
          portable.varchar('content_type', 100),
          { name: 'char_count', type: 'integer' },
          { name: 'chunk_count', type: 'integer' },
          portable.varchar('status', 16),
          portable.json('metadata'),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [{ name: 'IDX_knowledge_documents_base_created', columnNames: ['knowledge_base_id', 'created_at'] }],
        foreignKeys: [
          {
            name: 'FK_knowledge_documents_base',
            columnNames: ['knowledge_base_id'],
            referencedTableName: 'knowledge_bases',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'knowledge_chunks',
        columns: [
          portable.uuid('document_id', { isPrimary: true }),
          { name: 'chunk_index', type: 'integer', isPrimary: true },
          portable.uuid('knowledge_base_id'),
          portable.text('content'),
        ],
        indices: [{ name: 'IDX_knowledge_chunks_base', columnNames: ['knowledge_base_id'] }],
        foreignKeys: [
          {
            name: 'FK_knowledge_chunks_document',
            columnNames: ['document_id'],
            referencedTableName: 'knowledge_documents',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('knowledge_chunks');
    await queryRunner.dropTable('knowledge_documents');
    await queryRunner.dropTable('knowledge_bases');
  }
}
