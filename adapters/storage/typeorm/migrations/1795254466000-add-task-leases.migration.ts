import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/** A claim's lease on a task (docs/goals-and-tasks.md, "Leases"): epoch milliseconds, 0 for none, which every claim made before had. */
export class AddTaskLeases1795254466000 implements MigrationInterface {
  readonly name = 'AddTaskLeases1795254466000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('tasks', new TableColumn({ name: 'lease_expires_ms', type: 'bigint', default: 0 }));
    await queryRunner.createIndex('tasks', new TableIndex({ name: 'IDX_tasks_lease', columnNames: ['status', 'lease_expires_ms'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('tasks', 'IDX_tasks_lease');
    await queryRunner.dropColumn('tasks', 'lease_expires_ms');
  }
}
