import { DataSource, DataSourceOptions } from 'typeorm';
import { createDataSource } from '../../adapters/storage/typeorm/data-source.factory';
import { MIGRATIONS } from '../../adapters/storage/typeorm/migrations';
import { StorageKind } from '../../adapters/config/app-config';
import { describeWithEnv } from './infrastructure';
import { createTestDatabase, TestDatabase } from './test-database';

type Migration = (typeof MIGRATIONS)[number];

/** The migrations that come before `migration`: the schema as it stood when it was written (later ones may depend on it). */
export function migrationsBefore(migration: Migration): typeof MIGRATIONS {
  const index = MIGRATIONS.indexOf(migration);
  if (index < 0) throw new Error(`${migration.name} is not a listed migration`);
  return MIGRATIONS.slice(0, index);
}

/**
 * Migrates `database` up to just before `migration`, lets `seed` store rows in that older schema,
 * then runs every migration (or, with `through`, up to `migration` itself, so that undoing the last
 * migration undoes it): answers the migrated data source (the caller destroys it).
 */
export async function migratedAcross(
  database: TestDatabase,
  migration: Migration,
  seed: (earlier: DataSource) => Promise<void>,
  options: { through?: boolean } = {},
): Promise<DataSource> {
  const dataSourceOptions = createDataSource(database.config).options;
  const earlier = new DataSource({ ...dataSourceOptions, migrations: migrationsBefore(migration) } as DataSourceOptions);
  await earlier.initialize();
  try {
    await earlier.runMigrations();
    await seed(earlier);
  } finally {
    await earlier.destroy();
  }
  const migrations = options.through ? MIGRATIONS.slice(0, MIGRATIONS.indexOf(migration) + 1) : MIGRATIONS;
  const current = new DataSource({ ...dataSourceOptions, migrations } as DataSourceOptions);
  await current.initialize();
  try {
    await current.runMigrations();
  } catch (error) {
    await current.destroy();
    throw error;
  }
  return current;
}

/**
 * Describes a migration's cases on SQLite and, with DATABASE_URL, on MariaDB, each dialect over a
 * fresh test database (`database()` in the cases) that is destroyed after them.
 */
export function describeMigrationOnEachDialect(name: string, cases: (database: () => TestDatabase, kind: StorageKind) => void): void {
  const on = (kind: StorageKind) => () => {
    let database: TestDatabase | undefined;
    beforeAll(async () => {
      database = await createTestDatabase(kind);
    });
    afterAll(async () => {
      await database?.destroy();
    });
    cases(() => {
      if (!database) throw new Error('the test database is not open');
      return database;
    }, kind);
  };
  describe(`${name} on SQLite`, on('sqlite'));
  describeWithEnv('DATABASE_URL', `${name} on MariaDB`, on('mysql'));
}
