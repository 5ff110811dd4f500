import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * Leases, attempts, the LLM calls spent and a revision for conditional changes (docs/executions.md).
 * Records that were started before leases existed count one attempt; those still `running` get a
 * lease that has already expired, so the reclaim loop takes them back instead of leaving them
 * `running` forever.
 */
export class AddExecutionLeases1795254451300 implements MigrationInterface {
  readonly name = 'AddExecutionLeases1795254451300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumns('executions', [
      new TableColumn({ name: 'llm_calls', type: 'integer', default: 0 }),
      new TableColumn({ name: 'attempt', type: 'integer', default: 0 }),
      new TableColumn({ name: 'lease_owner', type: 'varchar', length: '64', default: "''" }),
      new TableColumn({ name: 'lease_expires_ms', type: 'bigint', default: 0 }),
      new TableColumn({ name: 'revision', type: 'integer', default: 0 }),
    ]);
    await queryRunner.query(`UPDATE executions SET attempt = 1 WHERE status <> 'pending'`);
    await queryRunner.query(`UPDATE executions SET lease_owner = 'before-leases', lease_expires_ms = 0 WHERE status = 'running'`);
    await queryRunner.createIndex('executions', new TableIndex({ name: 'IDX_executions_lease', columnNames: ['status', 'lease_expires_ms'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('executions', 'IDX_executions_lease');
    for (const column of ['revision', 'lease_expires_ms', 'lease_owner', 'attempt', 'llm_calls']) await queryRunner.dropColumn('executions', column);
  }
}
