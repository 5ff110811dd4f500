import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/** `chat_branches`: a branch is a chat session (same id) copied from a parent session; deleted with its session. */
export class CreateChatBranches1795254451400 implements MigrationInterface {
  readonly name = 'CreateChatBranches1795254451400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'chat_branches',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          // No foreign key: a branch keeps its copy when the parent session goes.
          portable.uuid('parent_session_id'),
          // '' for a bare chat, as in chat_sessions.
          portable.uuid('agent_id'),
          portable.varchar('name', 200),
          { name: 'message_index', type: 'integer' },
          portable.timestamp('created_at'),
        ],
        indices: [{ name: 'IDX_chat_branches_owner_parent', columnNames: ['owner_id', 'parent_session_id', 'created_at'] }],
        foreignKeys: [
          {
            name: 'FK_chat_branches_session',
            columnNames: ['id'],
            referencedTableName: 'chat_sessions',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('chat_branches');
  }
}
