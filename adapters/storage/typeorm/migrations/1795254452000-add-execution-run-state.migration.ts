import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * A workflow run's resumable state (every settled node's whole output, loop progress, the node it
 * is parked at), stored after every node so a resumed or reclaimed run does not repeat finished
 * nodes. JSON like `payload` (it outgrows TEXT); `{}` for every record stored before it existed.
 */
export class AddExecutionRunState1795254452000 implements MigrationInterface {
  readonly name = 'AddExecutionRunState1795254452000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('executions', new TableColumn({ name: 'run_state', type: 'json', default: "'{}'" }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('executions', 'run_state');
  }
}
