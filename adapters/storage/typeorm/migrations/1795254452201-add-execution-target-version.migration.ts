import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * The version of its target an execution pinned when it was created (docs/workflows.md): a
 * workflow's queued, paused or reclaimed run goes on with that version's graph. Records stored
 * before keep 0, "not known", and run the workflow as it is.
 */
export class AddExecutionTargetVersion1795254452201 implements MigrationInterface {
  readonly name = 'AddExecutionTargetVersion1795254452201';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('executions', new TableColumn({ name: 'target_version', type: 'integer', default: 0 }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('executions', 'target_version');
  }
}
