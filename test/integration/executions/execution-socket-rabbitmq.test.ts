import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import amqp from 'amqplib';
import { AppContainer, bootApp } from '../../../adapters/composition/running-app';
import { createPinoRoot } from '../../../adapters/system/pino-logger';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { describeWithEnv } from '../../support/infrastructure';
import { PlatformUser, signUp } from '../../support/platform-user';
import { StartedApp, startApp } from '../../support/started-app';
import { testConfig } from '../../support/test-config';
import { isRefusal, openSocket } from '../../support/ws-client';

const JOB_TYPES = ['execution.run', 'audit.record', 'schedule.fire'];

/**
 * With `QUEUE=rabbitmq` an execution runs in a worker process (here a second container booted as
 * bin/worker boots it, sharing the API's database) while the client's WebSocket is on the API
 * process: the events reach it through the RabbitMQ fan-out of the run event log.
 */
describeWithEnv('AMQP_URL', 'Execution WebSocket with the run in a RabbitMQ worker', (amqpUrl) => {
  const prefix = `test-ws-${randomUUID().slice(0, 8)}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'execution-socket-rabbit-'));
  const upstream = new FakeOpenAiServer();
  let env: Record<string, string>;
  let app: StartedApp;
  let worker: AppContainer | undefined;
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
    };
    app = await startApp(env);
    ada = await signUp(app.platformUrl);
  });

  afterAll(async () => {
    await worker?.close();
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

  it('When a worker runs the execution, Then the socket on the API process gets its events live, in order, once, and closes normally', async () => {
    let release = (): void => undefined;
    upstream.enqueue({ holdUntil: new Promise<void>((resolve) => (release = resolve)), reply: { content: 'Done elsewhere.' } });
    const agent = anAgent({ ownerId: ada.id, includeTools: [] });
    await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
    const started = await request<{ id: string; status: string }>('POST', `${app.platformUrl}/api/v1/agents/${agent.id}/execute`, {
      token: ada.token,
      body: { input: 'Run me elsewhere', async: true },
    });
    expect(started.body.status).toBe('pending');

    const socket = await openSocket(`${app.platformUrl.replace('http', 'ws')}/api/v1/ws/executions/${started.body.id}`, {
      authorization: `Bearer ${ada.token}`,
    });
    if (isRefusal(socket)) throw new Error(`refused with ${socket.status}`);
    // Booted as bin/worker boots it: the worker role consumes the jobs.
    worker = await bootApp(testConfig(env), createPinoRoot('silent'), { role: 'worker' });

    expect(await socket.received(1)).toEqual([{ seq: 1, type: 'status', status: 'running' }]);
    await eventually(async () => (upstream.requests.length > 0 ? true : undefined));
    release();

    expect(await socket.closed).toBe(1000);
    expect(socket.messages.map((message) => [message.seq, message.type])).toEqual([
      [1, 'status'],
      [2, 'step'],
      [3, 'status'],
      [4, 'done'],
    ]);
    expect(socket.messages[2]).toMatchObject({ status: 'completed' });
  });
});
