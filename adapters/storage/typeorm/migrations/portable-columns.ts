import { QueryRunner, TableColumnOptions } from 'typeorm';

/**
 * Column shapes that mean the same on SQLite and MySQL/MariaDB, so one migration set
 * serves both. Only the key collation differs by dialect: MySQL's default collation is
 * case- and accent-insensitive, SQLite compares bytes, and keys must agree on both.
 */
export function isMysql(queryRunner: QueryRunner): boolean {
  return queryRunner.connection.driver.options.type === 'mysql';
}

type Extra = Partial<TableColumnOptions>;

export const portable = {
  /** A v4 UUID as text. */
  uuid: (name: string, extra: Extra = {}): TableColumnOptions => ({ name, type: 'varchar', length: '36', ...extra }),

  /** Short text compared byte for byte on every dialect (identifiers, normalised e-mails). */
  key: (queryRunner: QueryRunner, name: string, length: number, extra: Extra = {}): TableColumnOptions => ({
    name,
    type: 'varchar',
    length: String(length),
    ...(isMysql(queryRunner) ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
    ...extra,
  }),

  varchar: (name: string, length: number, extra: Extra = {}): TableColumnOptions => ({
    name,
    type: 'varchar',
    length: String(length),
    ...extra,
  }),

  /** Up to 64 KiB on MySQL. */
  text: (name: string, extra: Extra = {}): TableColumnOptions => ({ name, type: 'text', ...extra }),

  /** JSON kept as text: the entity serialises it; no dialect JSON type involved. */
  json: (name: string, extra: Extra = {}): TableColumnOptions => ({ name, type: 'text', ...extra }),

  /** Up to 64 KiB on MySQL. */
  blob: (name: string, extra: Extra = {}): TableColumnOptions => ({ name, type: 'blob', ...extra }),

  /** UTC instant with millisecond precision. */
  timestamp: (name: string, extra: Extra = {}): TableColumnOptions => ({ name, type: 'datetime', precision: 3, ...extra }),
};
