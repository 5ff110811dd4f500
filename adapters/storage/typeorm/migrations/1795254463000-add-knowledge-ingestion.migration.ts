import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Knowledge ingestion as a job: documents carry their source and why they failed, chunks their
 * offsets in the document's text, bases their embedding model and chunking, and an uploaded
 * file waits for its job in `knowledge_document_sources`, cut in parts that fit a BLOB on
 * every dialect. Documents that were `indexing` are now `processing`; bases that held documents
 * are marked `legacy`, so their vectors are still found in the original collection.
 */
export class AddKnowledgeIngestion1795254463000 implements MigrationInterface {
  readonly name = 'AddKnowledgeIngestion1795254463000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('knowledge_bases', [
      new TableColumn(portable.varchar('embedding_model', 200, { default: "''" })),
      new TableColumn({ name: 'chunk_size', type: 'integer', default: 800 }),
      new TableColumn({ name: 'chunk_overlap', type: 'integer', default: 100 }),
    ]);
    await queryRunner.addColumns('knowledge_documents', [
      new TableColumn(portable.varchar('source_kind', 16, { default: "'text'" })),
      new TableColumn(portable.varchar('source_ref', 2048, { default: "''" })),
      new TableColumn(portable.varchar('failure_reason', 1000, { default: "''" })),
    ]);
    await queryRunner.query(`UPDATE knowledge_documents SET status = 'processing' WHERE status = 'indexing'`);
    // Their vectors are in the original collection, made by a model nobody recorded (see LEGACY_EMBEDDING_MODEL).
    await queryRunner.query(`UPDATE knowledge_bases SET embedding_model = 'legacy' WHERE id IN (SELECT knowledge_base_id FROM knowledge_documents)`);
    await queryRunner.addColumns('knowledge_chunks', [
      new TableColumn({ name: 'start_offset', type: 'integer', default: 0 }),
      new TableColumn({ name: 'end_offset', type: 'integer', default: 0 }),
    ]);
    await queryRunner.createTable(
      new Table({
        name: 'knowledge_document_sources',
        columns: [portable.uuid('document_id', { isPrimary: true }), { name: 'part', type: 'integer', isPrimary: true }, portable.blob('bytes')],
        foreignKeys: [
          {
            name: 'FK_knowledge_document_sources_document',
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
    await queryRunner.dropTable('knowledge_document_sources');
    for (const column of ['end_offset', 'start_offset']) await queryRunner.dropColumn('knowledge_chunks', column);
    await queryRunner.query(`UPDATE knowledge_documents SET status = 'indexing' WHERE status IN ('pending', 'processing', 'failed')`);
    for (const column of ['failure_reason', 'source_ref', 'source_kind']) await queryRunner.dropColumn('knowledge_documents', column);
    for (const column of ['chunk_overlap', 'chunk_size', 'embedding_model']) await queryRunner.dropColumn('knowledge_bases', column);
  }
}
