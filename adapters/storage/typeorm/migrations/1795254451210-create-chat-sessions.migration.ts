import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { isMysql, portable } from './portable-columns';

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
          portable.uuid('agent_id', { isNullable: true }),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [{ name: 'IDX_chat_sessions_owner_agent', columnNames: ['owner_id', 'agent_id', 'updated_at'] }],
      }),
    );
    // A message holds up to 32,000 characters (and an answer may be longer): more than MySQL's TEXT.
    const longText = isMysql(queryRunner) ? 'mediumtext' : 'text';
    await queryRunner.createTable(
      new Table({
        name: 'chat_messages',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('session_id'),
          { name: 'position', type: 'integer' },
          portable.varchar('role', 16),
          { name: 'content', type: longText },
          portable.varchar('status', 16),
          { name: 'tool_calls', type: longText },
          portable.uuid('run_id', { isNullable: true }),
          portable.timestamp('created_at'),
        ],
        indices: [{ name: 'UQ_chat_messages_session_position', columnNames: ['session_id', 'position'], isUnique: true }],
        foreignKeys: [{ columnNames: ['session_id'], referencedTableName: 'chat_sessions', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('chat_messages');
    await queryRunner.dropTable('chat_sessions');
  }
}
