import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * `execution_node_results`: a workflow execution's settled nodes, one row each (step and whole
 * output), deleted with their execution. Until now every node rewrote the record's whole steps and
 * run state; records stored that way keep them and move onto rows at their next store.
 */
export class CreateExecutionNodeResults1795254462000 implements MigrationInterface {
  readonly name = 'CreateExecutionNodeResults1795254462000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'execution_node_results',
        columns: [
          portable.uuid('execution_id', { isPrimary: true }),
          { name: 'seq', type: 'integer', isPrimary: true },
          portable.key(queryRunner, 'node_id', 64),
          { name: 'attempt', type: 'integer' },
          { name: 'step', type: 'json' },
          { name: 'settled', type: 'json' },
        ],
        uniques: [{ name: 'UQ_execution_node_results_node', columnNames: ['execution_id', 'node_id'] }],
        foreignKeys: [
          {
            name: 'FK_execution_node_results_execution',
            columnNames: ['execution_id'],
            referencedTableName: 'executions',
            referencedColumnNames: ['id'],
            onDelete: 'CASCADE',
            onUpdate: 'NO ACTION',
          },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('execution_node_results');
  }
}
