import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { portable } from './portable-columns';

export class CreateRateLimitWindows1795254449961 implements MigrationInterface {
  readonly name = 'CreateRateLimitWindows1795254449961';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'rate_limit_windows',
        columns: [
          portable.key(queryRunner, 'bucket', 160, { isPrimary: true }),
          { name: 'window_started_ms', type: 'bigint' },
          { name: 'hits', type: 'integer' },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('rate_limit_windows');
  }
}
