import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Whether a task's claim is an agent's run rather than a person's (docs/goals-and-tasks.md,
 * "Task states"): a rejected result of an agent's is done again by the goal's run.
 * False for every task claimed before, as the run could not tell them apart.
 */
export class AddTasksClaimedByAgent1795254469000 implements MigrationInterface {
  readonly name = 'AddTasksClaimedByAgent1795254469000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('tasks', new TableColumn({ name: 'claimed_by_agent', type: 'boolean', default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('tasks', 'claimed_by_agent');
  }
}
