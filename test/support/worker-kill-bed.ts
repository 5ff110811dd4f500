import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PlatformUser, signUp } from './platform-user';
import { deletePrefixedTopology } from './rabbitmq-leftovers';
import { StartedApp, startApp } from './started-app';
import { createTestDatabase, TestDatabase } from './test-database';
import { SHORT_LEASES, WorkerFleet } from './worker-process';

/** The API in this process and `bin/worker` children started on demand, sharing RabbitMQ and a fresh MariaDB database. */
export interface WorkerKillBed {
  app: StartedApp;
  fleet: WorkerFleet;
  user: PlatformUser;
  /** Kills the workers, stops the API, removes the queues, the database and the data directories. */
  stop(): Promise<void>;
}

export async function startWorkerKillBed(amqpUrl: string, name: string, extraEnv: Record<string, string> = {}): Promise<WorkerKillBed> {
  const database: TestDatabase = await createTestDatabase('mysql');
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SANDBOX_WORKERS: '1',
    STORAGE: 'mysql',
    DATABASE_URL: database.config.storage.databaseUrl as string,
    QUEUE: 'rabbitmq',
    AMQP_URL: amqpUrl,
    QUEUE_PREFIX: `test-${name}-${randomUUID().slice(0, 8)}`,
    ...SHORT_LEASES,
    ...extraEnv,
  };
  const fleet = new WorkerFleet(env);
  const apiDataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const app = await startApp({ ...env, DATA_DIR: apiDataDir });
  const user = await signUp(app.platformUrl);
  return {
    app,
    fleet,
    user,
    async stop() {
      const queue = app.services.app.config.queue;
      await fleet.stop();
      await app.stop();
      await deletePrefixedTopology(amqpUrl, queue);
      await database.destroy();
      rmSync(apiDataDir, { recursive: true, force: true });
    },
  };
}
