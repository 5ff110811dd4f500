import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

const ONE_DAY_MS = 86_400_000;

/**
 * When each window ends, so the expiry sweep can delete buckets nobody uses any more (one row
 * per client address or e-mail ever seen would otherwise stay forever). Existing rows get a
 * day, the longest window the platform counts in, so none is dropped while it still counts.
 */
export class AddRateLimitWindowExpiry1795254450500 implements MigrationInterface {
  readonly name = 'AddRateLimitWindowExpiry1795254450500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.addColumn('rate_limit_windows', new TableColumn({ name: 'expires_ms', type: 'bigint', default: 0 }));
    await queryRunner.query(`UPDATE rate_limit_windows SET expires_ms = window_started_ms + ${ONE_DAY_MS}`);
    await queryRunner.createIndex('rate_limit_windows', new TableIndex({ name: 'idx_rate_limit_windows_expires', columnNames: ['expires_ms'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('rate_limit_windows', 'idx_rate_limit_windows_expires');
    await queryRunner.dropColumn('rate_limit_windows', 'expires_ms');
  }
}
