import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateSchedules1795254450430 implements MigrationInterface {
  readonly name = 'CreateSchedules1795254450430';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'schedules',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.varchar('name', 120),
          portable.varchar('target_type', 16),
          portable.uuid('target_id'),
          portable.varchar('cron', 120),
          { name: 'run_at_ms', type: 'bigint' },
          portable.varchar('timezone', 64),
          portable.json('input'),
          { name: 'enabled', type: 'boolean' },
          { name: 'next_run_at_ms', type: 'bigint' },
          { name: 'last_run_at_ms', type: 'bigint' },
          portable.uuid('last_execution_id'),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [
          { name: 'IDX_schedules_enabled_next_run', columnNames: ['enabled', 'next_run_at_ms'] },
          { name: 'IDX_schedules_owner', columnNames: ['owner_id'] },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('schedules');
  }
}
