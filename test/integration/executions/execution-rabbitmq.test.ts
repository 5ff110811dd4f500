import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import amqp from 'amqplib';
import { AppContainer, bootApp } from '../../../adapters/composition/running-app';
import { createPinoRoot } from '../../../adapters/system/pino-logger';
import { Execution } from '../../../core/domain/execution/execution.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { ProcessIdentity } from '../../../core/services/executions/process-identity';
import { JobWorker } from '../../../core/services/jobs/job-worker.service';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { describeWithEnv } from '../../support/infrastructure';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { testConfig } from '../../support/test-config';

const JOB_TYPES = ['execution.run', 'audit.record', 'schedule.fire'];

/**
 * With `QUEUE=rabbitmq` the API process only publishes: executions run in worker processes
 * (here containers booted as bin/worker boots them, sharing the API's database). A worker that
 * stops mid-run stops renewing its lease; the API's reclaim loop queues the execution again and
 * another worker finishes it.
 */
describeWithEnv('AMQP_URL', 'Executions through RabbitMQ', (amqpUrl) => {
  const prefix = `test-exec-${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'executions-rabbit-'));
  const upstream = new FakeOpenAiServer();
  const workers: AppContainer[] = [];
  let env: Record<string, string>;
  let app: StartedApp;
  let ada: PlatformUser;

  beforeAll(async () => {
    await upstream.start();
    env = {
      QUEUE: 'rabbitmq',
      AMQP_URL: amqpUrl,
      QUEUE_PREFIX: prefix,
      DATA_DIR: dataDir,
      LLM_PROVIDER: 'openai',
      OPENAI_API_KEY: 'test',
      OPENAI_BASE_URL: upstream.baseUrl,
      LLM_RETRY_BASE_MS: '0',
      EXECUTION_HEARTBEAT_MS: '200',
      EXECUTION_LEASE_TTL_MS: '1500',
      EXECUTION_RECLAIM_INTERVAL_MS: '200',
    };
    app = await startApp(env);
    ada = await signUp(app.platformUrl);
  });

  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.close();
  });

  afterAll(async () => {
    await app?.stop();
    await upstream.stop();
    const connection = await amqp.connect(amqpUrl);
    for (const type of JOB_TYPES) {
      for (const queue of [`${prefix}.${type}`, `${prefix}.${type}.dead`]) {
        const channel = await connection.createChannel();
        await channel.deleteQueue(queue).catch(() => undefined);
        await channel.close().catch(() => undefined);
      }
    }
    await connection.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function startWorker(): Promise<AppContainer> {
    const worker = await bootApp(testConfig(env), createPinoRoot('silent'), { role: 'embedded' });
    workers.push(worker);
    await worker.container.get(JobWorker).start();
    return worker;
  }

  const storedAgent = async () => {
    const agent = anAgent({ ownerId: ada.id, includeTools: [] });
    await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    return agent;
  };
  const stored = (id: string) => app.services.app.container.get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(id);
  const executeAsync = async (agentId: string, input: string) => {
    const res = await request<{ id: string; status: string }>('POST', `${app.platformUrl}/api/v1/agents/${agentId}/execute`, {
      token: ada.token,
      body: { input, async: true },
    });
    expect(res.status).toBe(202);
    expect(res.body.status).toBe('pending');
    return res.body.id;
  };

  it('When an execution is started with async, Then the API only queues it and a separate worker runs it', async () => {
    const agent = await storedAgent();
    const id = await executeAsync(agent.id, 'Run me elsewhere');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await stored(id)).toMatchObject({ status: 'pending', attempt: 0 });

    await startWorker();

    const done = await eventually(async () => {
      const execution = await stored(id);
      return execution?.status === 'completed' ? execution : undefined;
    });
    expect(done).toMatchObject({ success: true, attempt: 1, lease: null, output: { reply: 'Echo: Run me elsewhere' } });
  });

  it('When the worker running an execution stops mid-run, Then its lease expires and the execution is reclaimed and finished by another worker, not left running', async () => {
    const first = await startWorker();
    let release = (): void => undefined;
    upstream.enqueue({ holdUntil: new Promise<void>((resolve) => (release = resolve)) });
    const agent = await storedAgent();
    const id = await executeAsync(agent.id, 'Survive a crash');
    const running = await eventually(async () => {
      const execution = await stored(id);
      return execution?.status === 'running' && upstream.requests.length > 0 ? execution : undefined;
    });
    expect(running.lease?.owner).toBe(first.container.get(ProcessIdentity).id);

    // The worker goes away holding the run: its lease is no longer renewed.
    workers.splice(workers.indexOf(first), 1);
    await first.close();
    expect(await stored(id)).toMatchObject({ status: 'running', lease: { owner: running.lease?.owner } });
    release();
    await startWorker();

    const done = await eventually(async () => {
      const execution = await stored(id);
      return execution?.status === 'completed' ? execution : undefined;
    }, 30_000);
    expect(done as Execution).toMatchObject({ success: true, attempt: 2, lease: null, output: { reply: 'Echo: Survive a crash' } });
  });
});
