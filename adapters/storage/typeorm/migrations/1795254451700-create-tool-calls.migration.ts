import { MigrationInterface, QueryRunner, Table, TableIndex } from 'typeorm';
import { portable } from './portable-columns';

/**
 * The receipt of every tool use, beside `llm_calls` and shaped like it: no nullable column (an
 * empty string stands for "none", as elsewhere in the schema). Both call logs are swept by age,
 * so each gets an index on `created_at` alone.
 */
export class CreateToolCalls1795254451700 implements MigrationInterface {
  readonly name = 'CreateToolCalls1795254451700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'tool_calls',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('agent_id'),
          portable.uuid('execution_id'),
          portable.varchar('session_id', 64),
          portable.uuid('owner_id'),
          portable.varchar('tool_id', 64),
          portable.varchar('version', 64),
          portable.varchar('outcome', 32),
          portable.varchar('reason', 64),
          { name: 'wall_ms', type: 'integer' },
          { name: 'cpu_ms', type: 'integer' },
          { name: 'heap_bytes', type: 'bigint' },
          { name: 'http_calls', type: 'integer' },
          portable.json('capabilities_used'),
          portable.timestamp('created_at'),
        ],
        indices: [
          { name: 'IDX_tool_calls_agent', columnNames: ['agent_id'] },
          { name: 'IDX_tool_calls_execution', columnNames: ['execution_id'] },
          { name: 'IDX_tool_calls_owner_created', columnNames: ['owner_id', 'created_at'] },
          { name: 'IDX_tool_calls_created', columnNames: ['created_at'] },
        ],
      }),
    );
    await queryRunner.createIndex('llm_calls', new TableIndex({ name: 'IDX_llm_calls_created', columnNames: ['created_at'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('llm_calls', 'IDX_llm_calls_created');
    await queryRunner.dropTable('tool_calls');
  }
}
