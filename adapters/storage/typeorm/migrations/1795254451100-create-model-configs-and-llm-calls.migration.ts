import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Users' model configurations, the agent's binding to one, and the record of every LLM call
 * attempt. Like the rest of the schema, no column is nullable (TypeORM misreads MariaDB's
 * nullable defaults): an empty string stands for "none". `default_key` holds the owner's id on
 * their default configuration and the configuration's own id on the others, so a unique index
 * over it allows one default per owner on SQLite and MySQL alike (a partial index would not be
 * portable). `agents.model_config_id` is added with a default for the existing rows, which is
 * then dropped; it has no foreign key (it would rebuild the SQLite table once more, and the
 * agents' own module is changing): deleting a configuration clears it in the same transaction.
 */
export class CreateModelConfigsAndLlmCalls1795254451100 implements MigrationInterface {
  readonly name = 'CreateModelConfigsAndLlmCalls1795254451100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'model_configs',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.key(queryRunner, 'name', 100),
          portable.varchar('provider', 16),
          portable.varchar('model', 200),
          portable.text('base_url'),
          portable.text('sealed_api_key'),
          portable.varchar('api_key_hint', 16),
          portable.uuid('default_key'),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        // Owner first: it also serves "this owner's configurations, by name".
        uniques: [
          { name: 'UQ_model_configs_owner_name', columnNames: ['owner_id', 'name'] },
          { name: 'UQ_model_configs_default_key', columnNames: ['default_key'] },
        ],
        foreignKeys: [
          {
            name: 'FK_model_configs_owner',
            columnNames: ['owner_id'],
            referencedTableName: 'users',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.addColumn('agents', new TableColumn(portable.uuid('model_config_id', { default: "''" })));
    await queryRunner.changeColumn('agents', 'model_config_id', new TableColumn(portable.uuid('model_config_id')));
    await queryRunner.createIndex('agents', new TableIndex({ name: 'IDX_agents_model_config', columnNames: ['model_config_id'] }));
    await queryRunner.createTable(
      new Table({
        name: 'llm_calls',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          // Empty when the call had no such context (not NULL, as elsewhere in the schema).
          portable.uuid('agent_id'),
          portable.uuid('execution_id'),
          portable.varchar('session_id', 64),
          portable.uuid('owner_id'),
          portable.varchar('provider', 32),
          portable.varchar('model', 200),
          { name: 'prompt_tokens', type: 'integer' },
          { name: 'completion_tokens', type: 'integer' },
          { name: 'latency_ms', type: 'integer' },
          portable.varchar('outcome', 16),
          { name: 'attempt', type: 'integer' },
          portable.timestamp('created_at'),
        ],
        indices: [
          { name: 'IDX_llm_calls_agent', columnNames: ['agent_id'] },
          { name: 'IDX_llm_calls_execution', columnNames: ['execution_id'] },
          { name: 'IDX_llm_calls_owner_created', columnNames: ['owner_id', 'created_at'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('llm_calls');
    await queryRunner.dropIndex('agents', 'IDX_agents_model_config');
    await queryRunner.dropColumn('agents', 'model_config_id');
    await queryRunner.dropTable('model_configs');
  }
}
