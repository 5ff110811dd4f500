import { MigrationInterface, QueryRunner, Table, TableForeignKey } from 'typeorm';
import { isMysql, portable } from './portable-columns';

const BASE_OWNER = new TableForeignKey({
  name: 'FK_knowledge_bases_owner',
  columnNames: ['owner_id'],
  referencedTableName: 'users',
  referencedColumnNames: ['id'],
  onDelete: 'CASCADE',
  onUpdate: 'NO ACTION',
});

/**
 * Envelope agents' knowledge (envelope-api.md "Knowledge"): each agent's documents live in a
 * knowledge base of the knowledge module, owned by the envelope user (`envelope-user-<id>`), so
 * `knowledge_bases.owner_id` now names a principal of either contract and no longer references
 * `users`. `envelope_agent_knowledge` ties an agent to its base; `envelope_documents` gives each
 * document the integer id the envelope contract shows. Deleting the agent or the document deletes
 * these rows by cascade.
 */
export class CreateEnvelopeKnowledge1795254467000 implements MigrationInterface {
  readonly name = 'CreateEnvelopeKnowledge1795254467000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropForeignKey('knowledge_bases', BASE_OWNER);
    await queryRunner.createTable(
      new Table({
        name: 'envelope_agent_knowledge',
        columns: [{ name: 'agent_id', type: 'integer', isPrimary: true }, portable.uuid('knowledge_base_id')],
        uniques: [{ name: 'UQ_envelope_agent_knowledge_base', columnNames: ['knowledge_base_id'] }],
        foreignKeys: [
          {
            name: 'FK_envelope_agent_knowledge_agent',
            columnNames: ['agent_id'],
            referencedTableName: 'envelope_agents',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'FK_envelope_agent_knowledge_base',
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
        name: 'envelope_documents',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'agent_id', type: 'integer' },
          portable.uuid('knowledge_document_id'),
          portable.varchar('filename', 255),
          portable.timestamp('created_at'),
        ],
        uniques: [{ name: 'UQ_envelope_documents_knowledge_document', columnNames: ['knowledge_document_id'] }],
        foreignKeys: [
          {
            name: 'FK_envelope_documents_agent',
            columnNames: ['agent_id'],
            referencedTableName: 'envelope_agents',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'FK_envelope_documents_document',
            columnNames: ['knowledge_document_id'],
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
    await queryRunner.dropTable('envelope_documents');
    await queryRunner.dropTable('envelope_agent_knowledge');
    await queryRunner.query(`DELETE FROM knowledge_bases WHERE owner_id NOT IN (SELECT id FROM users)`);
    // SQLite adds a constraint only by rebuilding the table, and a revert runs with foreign keys on:
    // dropping the old table would cascade-delete every document. There the reference stays dropped.
    if (isMysql(queryRunner)) await queryRunner.createForeignKey('knowledge_bases', BASE_OWNER);
  }
}
