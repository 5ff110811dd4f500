import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/** `chat_sessions` and their `chat_messages`, deleted with their session. */
export class CreateChatSessions1795254451210 implements MigrationInterface {
  readonly name = 'CreateChatSessions1795254451210';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'chat_sessions',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          // '' for bare chat: no nullable column (MariaDB reports nullable defaults in a way TypeORM misreads).
          portable.uuid('agent_id'),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [{ name: 'IDX_chat_sessions_owner_agent', columnNames: ['owner_id', 'agent_id', 'updated_at'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'chat_messages',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('session_id'),
          { name: 'position', type: 'integer' },
          portable.varchar('role', 16),
          portable.varchar('status', 16),
          // {content, toolCalls}. Not portable.json (TEXT, 64 KiB on MySQL): a message of 32,000 characters may outgrow it.
          { name: 'body', type: 'json' },
          portable.uuid('run_id'),
          portable.timestamp('created_at'),
        ],
        indices: [{ name: 'UQ_chat_messages_session_position', columnNames: ['session_id', 'position'], isUnique: true }],
        foreignKeys: [
          {
            name: 'FK_chat_messages_session',
            columnNames: ['session_id'],
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
    await queryRunner.dropTable('chat_messages');
    await queryRunner.dropTable('chat_sessions');
  }
}
