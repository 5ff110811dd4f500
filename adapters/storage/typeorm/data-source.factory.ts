import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../config/app-config';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { runMigrationsExclusively } from './migration-runner';

const MYSQL_POOL_SIZE = 10;

/**
 * The TypeORM data source the config names, not yet connected. Migrations are the schema:
 * `synchronize` is always off.
 */
export function createDataSource(config: AppConfig): DataSource {
  const common = {
    entities: ENTITIES,
    migrations: MIGRATIONS,
    synchronize: false,
    migrationsRun: false,
    logging: config.storage.sqlEcho,
  } as const;
  if (config.storage.kind === 'mysql') {
    if (!config.storage.databaseUrl) throw new Error('DATABASE_URL is required when STORAGE=mysql');
    return new DataSource({
      ...common,
      type: 'mysql',
      connectorPackage: 'mysql2',
      url: config.storage.databaseUrl,
      poolSize: MYSQL_POOL_SIZE,
      charset: 'utf8mb4',
      // DATETIME has no zone: write and read it as UTC whatever the server or host says.
      timezone: 'Z',
    });
  }
  mkdirSync(config.dataDir, { recursive: true });
  return new DataSource({
    ...common,
    type: 'better-sqlite3',
    database: join(config.dataDir, 'platform.db'),
    // The driver also turns foreign keys on for every connection.
    enableWAL: true,
    // With WAL, NORMAL syncs at checkpoints rather than at every commit: a crash of the process loses
    // nothing and the file never corrupts; only a power loss may roll back the last commits. Runs
    // commit after every node and event, so FULL would cost a disk sync each (docs/benchmarks.md).
    prepareDatabase: (database: { pragma(source: string): unknown }) => {
      database.pragma('synchronous = NORMAL');
    },
  });
}

/**
 * Connects and brings the schema up to date. Migrations run here rather than through
 * `migrationsRun`, because on MySQL several processes (API, workers) may start at once
 * and must not run them concurrently.
 */
export async function openDataSource(config: AppConfig): Promise<DataSource> {
  const dataSource = await createDataSource(config).initialize();
  try {
    await runMigrationsExclusively(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}
