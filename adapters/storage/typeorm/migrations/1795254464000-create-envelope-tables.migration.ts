import { MigrationInterface, QueryRunner, Table, TableColumnOptions, TableForeignKeyOptions } from 'typeorm';
import { portable } from './portable-columns';

/** INTEGER PRIMARY KEY AUTOINCREMENT on SQLite, INT AUTO_INCREMENT on MySQL: the envelope contract's ids. */
const serialId: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };

function cascade(name: string, column: string, table: string, referenced = 'id'): TableForeignKeyOptions {
  return { name, columnNames: [column], referencedTableName: table, referencedColumnNames: [referenced], onDelete: 'CASCADE', onUpdate: 'NO ACTION' };
}

/**
 * The envelope contract's own records (envelope-api.md): users apart from the platform's, their
 * refresh token families, agents, conversations and messages. Deleting a user or an agent deletes
 * what hangs off it in the same statement.
 */
export class CreateEnvelopeTables1795254464000 implements MigrationInterface {
  readonly name = 'CreateEnvelopeTables1795254464000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'envelope_users',
        columns: [
          serialId,
          portable.key(queryRunner, 'email', 254),
          portable.varchar('nickname', 100),
          portable.varchar('avatar', 500),
          portable.varchar('password_hash', 255),
          portable.timestamp('created_at'),
        ],
        uniques: [{ name: 'UQ_envelope_users_email', columnNames: ['email'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'envelope_refresh_families',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          { name: 'user_id', type: 'integer' },
          { name: 'revoked', type: 'integer', default: 0 },
          portable.timestamp('created_at'),
        ],
        foreignKeys: [cascade('FK_envelope_refresh_families_user', 'user_id', 'envelope_users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'envelope_refresh_tokens',
        columns: [
          portable.uuid('jti', { isPrimary: true }),
          portable.uuid('family_id'),
          { name: 'user_id', type: 'integer' },
          { name: 'used', type: 'integer', default: 0 },
          portable.timestamp('expires_at'),
          portable.timestamp('created_at'),
        ],
        foreignKeys: [cascade('FK_envelope_refresh_tokens_family', 'family_id', 'envelope_refresh_families')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'envelope_agents',
        columns: [
          serialId,
          { name: 'owner_id', type: 'integer' },
          portable.varchar('name', 100),
          portable.text('description'),
          portable.text('prompt_template'),
          portable.json('model_config'),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [{ name: 'IDX_envelope_agents_owner', columnNames: ['owner_id', 'id'] }],
        foreignKeys: [cascade('FK_envelope_agents_owner', 'owner_id', 'envelope_users')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'envelope_conversations',
        columns: [
          serialId,
          { name: 'owner_id', type: 'integer' },
          { name: 'agent_id', type: 'integer' },
          portable.varchar('title', 200),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        foreignKeys: [cascade('FK_envelope_conversations_agent', 'agent_id', 'envelope_agents')],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'envelope_messages',
        columns: [
          serialId,
          { name: 'conversation_id', type: 'integer' },
          portable.varchar('role', 16),
          // {content}. Not portable.text (64 KiB on MySQL): a reply may outgrow it.
          { name: 'body', type: 'json' },
          portable.timestamp('created_at'),
        ],
        indices: [{ name: 'IDX_envelope_messages_conversation', columnNames: ['conversation_id', 'id'] }],
        foreignKeys: [cascade('FK_envelope_messages_conversation', 'conversation_id', 'envelope_conversations')],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'envelope_messages',
      'envelope_conversations',
      'envelope_agents',
      'envelope_refresh_tokens',
      'envelope_refresh_families',
      'envelope_users',
    ]) {
      await queryRunner.dropTable(table);
    }
  }
}
