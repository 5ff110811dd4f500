import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateAgents1795254450400 implements MigrationInterface {
  readonly name = 'CreateAgents1795254450400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'agents',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.varchar('name', 200),
          portable.text('description'),
          portable.text('system_prompt'),
          portable.json('model_config'),
          { name: 'iteration_limit', type: 'integer' },
          portable.json('include_tools'),
          portable.json('workflow_config'),
          portable.varchar('status', 16),
          { name: 'version', type: 'integer' },
          { name: 'is_main_agent', type: 'boolean' },
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [{ name: 'IDX_agents_owner', columnNames: ['owner_id'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('agents');
  }
}
