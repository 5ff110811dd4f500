import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Container } from 'inversify';
import { StorageKind } from '../../../adapters/config/app-config';
import { createStorage, Storage } from '../../../adapters/storage/storage.module';
import { MIGRATIONS } from '../../../adapters/storage/typeorm/migrations';
import { USER_REPOSITORY, UserRepository } from '../../../core/ports/user-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestDatabase, createTestStorage, TestDatabase, TestStorage } from '../../support/test-database';
import { aUser } from '../../fixtures/users/user.mother';

const migrationNames = MIGRATIONS.map((migration) => migration.name).sort();

function usersOf(storage: Storage): UserRepository {
  const container = new Container();
  container.loadSync(storage.module);
  return container.get<UserRepository>(USER_REPOSITORY);
}

async function recordedMigrations(storage: Storage): Promise<string[]> {
  const rows = (await storage.dataSource.query('SELECT name FROM migrations')) as Array<{ name: string }>;
  return rows.map((row) => row.name).sort();
}

function describeDataSource(kind: StorageKind): void {
  let storage: TestStorage;
  beforeAll(async () => {
    storage = await createTestStorage(kind);
  });
  afterAll(async () => {
    await storage?.destroy();
  });

  it('When opened, Then every migration is recorded once and the schema matches the entities', async () => {
    expect(await recordedMigrations(storage)).toEqual(migrationNames);
    const pending = await storage.dataSource.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('When a timestamp is written, Then the column holds it as UTC with milliseconds', async () => {
    const user = aUser({ createdAt: new Date('2024-01-02T03:04:05.678Z') });
    await storage.get(USER_REPOSITORY).create(user);
    const [row] = (await storage.dataSource.query('SELECT CAST(created_at AS CHAR) AS stored FROM users WHERE id = ?', [user.id])) as Array<{ stored: string }>;
    expect(row.stored).toBe('2024-01-02 03:04:05.678');
  });
}

describe('TypeORM data source on SQLite', () => {
  describeDataSource('sqlite');

  describe('on a data dir of its own', () => {
    let database: TestDatabase;
    beforeEach(async () => {
      database = await createTestDatabase('sqlite');
    });
    afterEach(async () => {
      await database.destroy();
    });

    it('When opened, Then platform.db lives in a created data dir with WAL and foreign keys on', async () => {
      const config = { ...database.config, dataDir: join(database.config.dataDir, 'not', 'yet', 'there') };
      const storage = await createStorage(config);
      try {
        expect(existsSync(join(config.dataDir, 'platform.db'))).toBe(true);
        expect(await storage.dataSource.query('PRAGMA journal_mode')).toEqual([{ journal_mode: 'wal' }]);
        expect(await storage.dataSource.query('PRAGMA foreign_keys')).toEqual([{ foreign_keys: 1 }]);
      } finally {
        await storage.close();
      }
    });

    it('When reopened after close, Then the data is still there and no migration runs twice', async () => {
      const user = aUser();
      const first = await createStorage(database.config);
      await usersOf(first).create(user);
      await first.close();

      const second = await createStorage(database.config);
      try {
        expect(await recordedMigrations(second)).toEqual(migrationNames);
        expect(await usersOf(second).findById(user.id)).toEqual(user);
      } finally {
        await second.close();
      }
    });
  });
});

describeWithEnv('DATABASE_URL', 'TypeORM data source on MariaDB', () => {
  describeDataSource('mysql');

  it('When several processes start together on an empty database, Then they migrate it once, in turn', async () => {
    const database = await createTestDatabase('mysql');
    const opened = await Promise.allSettled([1, 2, 3].map(() => createStorage(database.config)));
    try {
      expect(opened.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const [first] = opened as Array<PromiseFulfilledResult<Storage>>;
      expect(await recordedMigrations(first.value)).toEqual(migrationNames);
    } finally {
      await Promise.all(opened.map((o) => (o.status === 'fulfilled' ? o.value.close() : undefined)));
      await database.destroy();
    }
  });

  it('When tables are created, Then they use utf8mb4 and keys compare byte for byte', async () => {
    const storage = await createTestStorage('mysql');
    try {
      const columns = (await storage.dataSource.query(
        `SELECT TABLE_NAME AS tableName, COLUMN_NAME AS columnName, COLLATION_NAME AS collation
           FROM information_schema.COLUMNS
          WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ('users', 'vector_records') AND COLLATION_NAME IS NOT NULL`,
      )) as Array<{ tableName: string; columnName: string; collation: string }>;
      expect(columns.every((column) => column.collation.startsWith('utf8mb4_'))).toBe(true);
      const collationOf = (table: string, column: string): string | undefined =>
        columns.find((c) => c.tableName === table && c.columnName === column)?.collation;
      expect([collationOf('users', 'email'), collationOf('vector_records', 'collection'), collationOf('vector_records', 'id')]).toEqual([
        'utf8mb4_bin',
        'utf8mb4_bin',
        'utf8mb4_bin',
      ]);
    } finally {
      await storage.destroy();
    }
  });
});
