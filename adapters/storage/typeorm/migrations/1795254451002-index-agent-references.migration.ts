import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

const REFERENCES: Array<[table: string, index: TableIndex]> = [
  ['goals', new TableIndex({ name: 'IDX_goals_agent', columnNames: ['agent_id'] })],
  ['tasks', new TableIndex({ name: 'IDX_tasks_assignee_agent', columnNames: ['assignee_agent_id'] })],
  ['schedules', new TableIndex({ name: 'IDX_schedules_target', columnNames: ['target_type', 'target_id'] })],
];

/** Deleting an agent finds what points at it (behaviour rule 1) through these, not by scanning each table. */
export class IndexAgentReferences1795254451002 implements MigrationInterface {
  readonly name = 'IndexAgentReferences1795254451002';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of REFERENCES) await queryRunner.createIndex(table, index);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const [table, index] of REFERENCES) await queryRunner.dropIndex(table, index.name as string);
  }
}
