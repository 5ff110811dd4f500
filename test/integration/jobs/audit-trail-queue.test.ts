import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import amqp from 'amqplib';
import { AppContainer, bootApp } from '../../../adapters/composition/running-app';
import { createPinoRoot } from '../../../adapters/system/pino-logger';
import { AUDIT_LOG_REPOSITORY, AuditLogRepository } from '../../../core/ports/audit-log-repository.port';
import { JobWorker } from '../../../core/services/jobs/job-worker.service';
import { request } from '../../support/http-client';
import { describeWithEnv } from '../../support/infrastructure';
import { StartedApp, startApp } from '../../support/started-app';
import { testConfig } from '../../support/test-config';

async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function registerThroughApi(app: StartedApp, email: string): Promise<string> {
  const res = await request<{ id: string }>('POST', `${app.platformUrl}/api/v1/auth/register`, {
    body: { email, password: 'audit trail 1' },
  });
  expect(res.status).toBe(201);
  return res.body.id;
}

async function auditActions(container: AppContainer, actorId: string): Promise<string[] | undefined> {
  const page = await container.container.get<AuditLogRepository>(AUDIT_LOG_REPOSITORY).list({ actorId }, { page: 1, pageSize: 10 });
  return page.total > 0 ? page.items.map((e) => e.action) : undefined;
}

describe('Audit trail through the in-process queue', () => {
  let app: StartedApp;

  beforeAll(async () => {
    app = await startApp();
  });
  afterAll(async () => {
    await app.stop();
  });

  it('When a user registers, Then the server’s own worker records the audit entry', async () => {
    const userId = await registerThroughApi(app, `inproc-${randomUUID()}@example.com`);
    expect(await eventually(() => auditActions(app.services.app, userId))).toEqual(['user.register']);
  });
});

describeWithEnv('AMQP_URL', 'Audit trail through RabbitMQ', (amqpUrl) => {
  const prefix = `test-audit-${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'audit-rabbit-'));
  const env = { QUEUE: 'rabbitmq', AMQP_URL: amqpUrl, QUEUE_PREFIX: prefix, DATA_DIR: dataDir };
  let app: StartedApp;
  let worker: AppContainer;

  beforeAll(async () => {
    app = await startApp(env);
    worker = await bootApp(testConfig(env), createPinoRoot('silent'), { role: 'embedded' });
  });

  afterAll(async () => {
    await worker.container.get(JobWorker).stop();
    await worker.close();
    await app.stop();
    const connection = await amqp.connect(amqpUrl);
    const channel = await connection.createChannel();
    for (const queue of [`${prefix}.audit.record`, `${prefix}.audit.record.dead`]) await channel.deleteQueue(queue);
    await connection.close();
  });

  it('When the server publishes and a separate worker consumes, Then the entry is written once', async () => {
    const userId = await registerThroughApi(app, `rabbit-${randomUUID()}@example.com`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await auditActions(app.services.app, userId)).toBeUndefined();
    await worker.container.get(JobWorker).start();
    expect(await eventually(() => auditActions(worker, userId))).toEqual(['user.register']);
  });
});
