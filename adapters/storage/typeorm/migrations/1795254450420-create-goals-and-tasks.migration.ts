import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * Goals, their tasks, and which task waits for which. No column is nullable (see TaskOrmEntity).
 * `onUpdate` is spelled out: MariaDB records
 * an unspecified rule as RESTRICT, which TypeORM's schema diff reads as a change from NO ACTION.
 */
export class CreateGoalsAndTasks1795254450420 implements MigrationInterface {
  readonly name = 'CreateGoalsAndTasks1795254450420';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'goals',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.varchar('title', 200),
          portable.text('description'),
          portable.varchar('status', 16),
          portable.uuid('agent_id'),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
        ],
        indices: [{ name: 'IDX_goals_owner_created', columnNames: ['owner_id', 'created_at'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'tasks',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('owner_id'),
          portable.uuid('goal_id'),
          portable.varchar('title', 200),
          portable.text('description'),
          portable.varchar('status', 24),
          portable.varchar('priority', 16),
          { name: 'requires_approval', type: 'boolean' },
          portable.uuid('assignee_agent_id'),
          portable.uuid('claimed_by'),
          portable.json('result'),
          portable.text('failure_reason'),
          portable.timestamp('due_at'),
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
          portable.timestamp('completed_at'),
        ],
        indices: [
          { name: 'IDX_tasks_owner_created', columnNames: ['owner_id', 'created_at'] },
          { name: 'IDX_tasks_goal_status', columnNames: ['goal_id', 'status'] },
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'task_dependencies',
        columns: [portable.uuid('task_id', { isPrimary: true }), portable.uuid('depends_on_id', { isPrimary: true }), { name: 'position', type: 'integer' }],
        indices: [{ name: 'IDX_task_dependencies_depends_on', columnNames: ['depends_on_id'] }],
        foreignKeys: [
          {
            name: 'FK_task_dependencies_task',
            columnNames: ['task_id'],
            referencedTableName: 'tasks',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
          {
            name: 'FK_task_dependencies_depends_on',
            columnNames: ['depends_on_id'],
            referencedTableName: 'tasks',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('task_dependencies');
    await queryRunner.dropTable('tasks');
    await queryRunner.dropTable('goals');
  }
}
