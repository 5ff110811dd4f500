import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateExecutions1795254450411 implements MigrationInterface {
  readonly name = 'CreateExecutions1795254450411';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'executions',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.varchar('target_type', 16),
          portable.uuid('target_id'),
          portable.varchar('mode', 32),
          portable.varchar('triggered_by', 16),
          portable.uuid('schedule_id'),
          portable.varchar('status', 16),
          { name: 'success', type: 'boolean' },
          // Not portable.json (TEXT, 64 KiB on MySQL): step outputs outgrow it. See the entity.
          { name: 'payload', type: 'json' },
          { name: 'prompt_tokens', type: 'integer' },
          { name: 'completion_tokens', type: 'integer' },
          { name: 'total_tokens', type: 'integer' },
          portable.varchar('error_code', 100),
          portable.text('error_message'),
          portable.timestamp('created_at'),
          portable.timestamp('started_at'),
          portable.timestamp('finished_at'),
        ],
        indices: [
          { name: 'IDX_executions_owner_created', columnNames: ['owner_id', 'created_at'] },
          { name: 'IDX_executions_target', columnNames: ['target_type', 'target_id'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('executions');
  }
}
