import { createContainer } from '../../adapters/composition/create-container';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Container } from 'inversify';
import { createConnection } from 'mysql2/promise';
import { AppConfig, StorageKind } from '../../adapters/config/app-config';
import { loadConfig } from '../../adapters/config/load-config';
import { createStorage, Storage } from '../../adapters/storage/storage.module';
import { Token } from '../../core/shared/token';

/**
 * An empty database of its own and the config that points at it: SQLite in a temp dir,
 * or on MariaDB a fresh `test_<random>` database made through `DATABASE_URL` (a URL whose
 * user may create databases), so parallel runs and leftovers never meet.
 */
export interface TestDatabase {
  readonly kind: StorageKind;
  readonly config: AppConfig;
  /** Deletes the temp dir, or drops the MariaDB database. */
  destroy(): Promise<void>;
}

export interface TestStorage extends Storage {
  readonly kind: StorageKind;
  readonly config: AppConfig;
  /** Resolves a port from a container holding only the storage module. */
  get<T>(token: Token<T>): T;
  /** Closes the storage, then deletes its database. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(kind: StorageKind, extraEnv: NodeJS.ProcessEnv = {}): Promise<TestDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agent-platform-test-'));
  const mysql = kind === 'mysql' ? await createMysqlDatabase() : undefined;
  const destroy = async (): Promise<void> => {
    await Promise.all([rm(dataDir, { recursive: true, force: true }), mysql?.drop()]);
  };
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, STORAGE: kind, DATABASE_URL: mysql?.url, ...extraEnv });
    return { kind, config, destroy };
  } catch (error) {
    await destroy();
    throw error;
  }
}

/** A migrated, empty storage on its own database. Call `destroy()` in `afterAll`. */
export async function createTestStorage(kind: StorageKind, extraEnv: NodeJS.ProcessEnv = {}): Promise<TestStorage> {
  const database = await createTestDatabase(kind, extraEnv);
  let storage: Storage;
  try {
    storage = await createStorage(database.config);
  } catch (error) {
    await database.destroy();
    throw error;
  }
  let container: Container | undefined;
  return {
    ...storage,
    kind,
    config: database.config,
    get<T>(token: Token<T>): T {
      if (!container) {
        container = createContainer();
        container.loadSync(storage.module);
      }
      return container.get<T>(token);
    },
    async destroy() {
      await storage.close();
      await database.destroy();
    },
  };
}

interface MysqlTestDatabase {
  url: string;
  drop(): Promise<void>;
}

async function createMysqlDatabase(): Promise<MysqlTestDatabase> {
  const rootUrl = process.env.DATABASE_URL;
  if (!rootUrl) throw new Error('DATABASE_URL must be set to create a MariaDB test database');
  const name = `test_${randomBytes(8).toString('hex')}`;
  await execute(rootUrl, `CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const url = new URL(rootUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => execute(rootUrl, `DROP DATABASE IF EXISTS \`${name}\``) };
}

async function execute(url: string, statement: string): Promise<void> {
  const connection = await createConnection({ uri: url });
  try {
    await connection.query(statement);
  } finally {
    await connection.end();
  }
}
