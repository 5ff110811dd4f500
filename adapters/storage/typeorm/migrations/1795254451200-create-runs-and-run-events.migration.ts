import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

/**
 * `runs` (owner, status, lease) and `run_events`, the append-only log of every run. The key
 * (run_id, seq) orders a run's events and refuses a seq given twice. `expires_ms` lets the expiry
 * sweep drop old runs and logs.
 */
export class CreateRunsAndRunEvents1795254451200 implements MigrationInterface {
  readonly name = 'CreateRunsAndRunEvents1795254451200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'runs',
        columns: [
          portable.uuid('id', { isPrimary: true }),
          portable.varchar('kind', 32),
          portable.uuid('owner_id'),
          portable.varchar('status', 16),
          // No nullable column (MariaDB reports nullable defaults in a way TypeORM misreads): no lease is '' and 0.
          portable.varchar('lease_owner', 100),
          { name: 'lease_expires_ms', type: 'bigint' },
          portable.timestamp('created_at'),
          portable.timestamp('updated_at'),
          { name: 'expires_ms', type: 'bigint' },
        ],
        indices: [{ name: 'IDX_runs_expires', columnNames: ['expires_ms'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'run_events',
        columns: [
          portable.uuid('run_id', { isPrimary: true }),
          { name: 'seq', type: 'integer', isPrimary: true },
          { name: 'last_seq', type: 'integer' },
          portable.varchar('type', 16),
          // Not portable.json (TEXT, 64 KiB on MySQL): a packed record of tokens or a tool result may outgrow it.
          { name: 'payload', type: 'json' },
          portable.timestamp('created_at'),
          { name: 'expires_ms', type: 'bigint' },
        ],
        indices: [{ name: 'IDX_run_events_expires', columnNames: ['expires_ms'] }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('run_events');
    await queryRunner.dropTable('runs');
  }
}
