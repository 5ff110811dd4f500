import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * `workflow_approvals`: an execution parked at an approval or human_input node, one per execution
 * and node (unique), deleted with its execution. No nullable column: no decision yet is '', no
 * decision time the epoch, no schema or input the JSON `null`.
 */
export class CreateWorkflowApprovals1795254452001 implements MigrationInterface {
  readonly name = 'CreateWorkflowApprovals1795254452001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'workflow_approvals',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.uuid('execution_id'),
          portable.key(queryRunner, 'node_id', 64),
          portable.uuid('owner_id'),
          portable.varchar('kind', 16),
          portable.text('prompt'),
          // Schemas and inputs may be large; JSON like executions.payload.
          { name: 'input_schema', type: 'json' },
          portable.varchar('status', 16),
          portable.varchar('decision', 16),
          portable.text('comment'),
          { name: 'input', type: 'json' },
          portable.timestamp('created_at'),
          portable.timestamp('decided_at'),
        ],
        uniques: [{ name: 'UQ_workflow_approvals_node', columnNames: ['execution_id', 'node_id'] }],
        indices: [{ name: 'IDX_workflow_approvals_owner_status', columnNames: ['owner_id', 'status', 'created_at'] }],
        foreignKeys: [
          {
            name: 'FK_workflow_approvals_execution',
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
    await queryRunner.dropTable('workflow_approvals');
  }
}
