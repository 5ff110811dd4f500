import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppContainer, bootApp } from '../../../adapters/composition/running-app';
import { createPinoRoot } from '../../../adapters/system/pino-logger';
import { KNOWLEDGE_INGEST_JOB } from '../../../core/domain/knowledge/document-submission';
import { JOB_QUEUE, JobQueue } from '../../../core/ports/job-queue.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY, KnowledgeDocumentRepository } from '../../../core/ports/knowledge-document-repository.port';
import { JobWorker } from '../../../core/services/jobs/job-worker.service';
import { eventually } from '../../support/eventually';
import { describeWithEnv } from '../../support/infrastructure';
import { KnowledgeClient } from '../../support/knowledge-client';
import { signUp } from '../../support/platform-user';
import { deletePrefixedTopology } from '../../support/rabbitmq-leftovers';
import { StartedApp, startApp } from '../../support/started-app';
import { testConfig } from '../../support/test-config';

/** With `QUEUE=rabbitmq`, the API only accepts documents; a worker process ingests them, and a redelivered job changes nothing. */
describeWithEnv('AMQP_URL', 'Knowledge ingestion through RabbitMQ', (amqpUrl) => {
  const prefix = `test-kb-${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'knowledge-rabbit-'));
  let env: Record<string, string>;
  let app: StartedApp;
  let worker: AppContainer | undefined;

  beforeAll(async () => {
    env = { QUEUE: 'rabbitmq', AMQP_URL: amqpUrl, QUEUE_PREFIX: prefix, DATA_DIR: dataDir };
    app = await startApp(env);
  });

  afterAll(async () => {
    await worker?.close();
    await app?.stop();
    await deletePrefixedTopology(amqpUrl, testConfig(env).queue);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('When a document is added, Then it waits pending until a worker ingests it; delivering its job again duplicates nothing', async () => {
    const ada = new KnowledgeClient(app.platformUrl, await signUp(app.platformUrl));
    const base = await ada.baseId({ name: 'Queued' });
    const accepted = await ada.addText(base, { title: 'queued.txt', content: 'Parcels leave the warehouse every Tuesday.\n\nReturns arrive on Fridays.' });
    expect(accepted.status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(((await ada.documents(base)).body.items as Array<{ status: string }>)[0].status).toBe('pending');

    worker = await bootApp(testConfig(env), createPinoRoot('silent'), { role: 'embedded' });
    await worker.container.get(JobWorker).start();
    const done = await ada.settled(base, accepted.body.id as string);
    expect(done).toMatchObject({ status: 'ready' });
    const hits = (await ada.search(base, { query: 'When do parcels leave the warehouse?' })).body.items as Array<{ content: string }>;
    expect(hits[0].content).toContain('Tuesday');

    const documents = app.services.app.container.get<KnowledgeDocumentRepository>(KNOWLEDGE_DOCUMENT_REPOSITORY);
    const chunks = await documents.chunksOf(accepted.body.id as string);
    await app.services.app.container
      .get<JobQueue>(JOB_QUEUE)
      .publish(KNOWLEDGE_INGEST_JOB, { documentId: accepted.body.id as string }, { jobId: `knowledge-ingest:${String(accepted.body.id)}` });
    await new Promise((resolve) => setTimeout(resolve, 500));
    await eventually(async () => ((await documents.findById(accepted.body.id as string))?.status === 'ready' ? true : undefined));
    expect(await documents.chunksOf(accepted.body.id as string)).toEqual(chunks);
    expect((await ada.search(base, { query: 'parcels warehouse', top_k: 10 })).body.items).toHaveLength(chunks.length);
  });
});
