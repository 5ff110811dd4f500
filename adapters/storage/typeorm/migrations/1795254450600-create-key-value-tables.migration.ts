import { MigrationInterface, QueryRunner, Table } from 'typeorm';
import { isMysql, portable } from './portable-columns';

/**
 * The `kv` capability's store, shared by every process: the entries, and per namespace the
 * keys and bytes they hold (the quota's counters). Values are JSON text in a TEXT column,
 * which bounds them to 65535 bytes on MySQL (KV_MAX_VALUE_BYTES cannot be set higher).
 */
export class CreateKeyValueTables1795254450600 implements MigrationInterface {
  readonly name = 'CreateKeyValueTables1795254450600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(
      new Table({
        name: 'kv_entries',
        columns: [
          portable.key(queryRunner, 'namespace', 255, { isPrimary: true }),
          portable.key(queryRunner, 'key', 256, { isPrimary: true }),
          portable.text('value', isMysql(queryRunner) ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
          { name: 'bytes', type: 'integer' },
          { name: 'expires_ms', type: 'bigint' },
        ],
        indices: [{ name: 'IDX_kv_entries_expires', columnNames: ['expires_ms'] }],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'kv_usage',
        columns: [portable.key(queryRunner, 'namespace', 255, { isPrimary: true }), { name: 'keys', type: 'integer' }, { name: 'bytes', type: 'integer' }],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('kv_usage');
    await queryRunner.dropTable('kv_entries');
  }
}
