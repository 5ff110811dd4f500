import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * One row per version of an agent's payload, deleted with the agent. Agents stored before keep
 * their current version as their first recorded one. `onUpdate` is spelled out: MariaDB records
 * an unspecified rule as RESTRICT, which TypeORM's schema diff reads as a change from NO ACTION.
 */
export class CreateAgentVersions1795254451001 implements MigrationInterface {
  readonly name = 'CreateAgentVersions1795254451001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'agent_versions',
        columns: [
          portable.uuid('agent_id', { isPrimary: true }),
          { name: 'version', type: 'integer', isPrimary: true },
          portable.varchar('name', 200),
          portable.text('description'),
          portable.text('system_prompt'),
          portable.json('model_config'),
          { name: 'iteration_limit', type: 'integer' },
          portable.json('include_tools'),
          portable.json('workflow_config'),
          portable.timestamp('created_at'),
        ],
        foreignKeys: [
          {
            name: 'FK_agent_versions_agent',
            columnNames: ['agent_id'],
            referencedTableName: 'agents',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
    await queryRunner.query(
      'INSERT INTO agent_versions (agent_id, version, name, description, system_prompt, model_config, iteration_limit, include_tools, workflow_config, created_at) ' +
        'SELECT id, version, name, description, system_prompt, model_config, iteration_limit, include_tools, workflow_config, updated_at FROM agents',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('agent_versions');
  }
}
