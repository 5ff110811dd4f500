import { Execution } from '../../../core/domain/execution/execution.entity';
import { AGENT_REPOSITORY, AgentRepository } from '../../../core/ports/agent-repository.port';
import { EXECUTION_REPOSITORY, ExecutionRepository } from '../../../core/ports/execution-repository.port';
import { ProcessIdentity } from '../../../core/services/executions/process-identity';
import { anAgent } from '../../fixtures/agents/agent.mother';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { eventually } from '../../support/eventually';
import { request } from '../../support/http-client';
import { describeWithEnv } from '../../support/infrastructure';
import { PlatformUser } from '../../support/platform-user';
import { StartedApp } from '../../support/started-app';
import { startWorkerKillBed, WorkerKillBed } from '../../support/worker-kill-bed';
import { WorkerFleet } from '../../support/worker-process';

/** A worker started from the sources transpiles them first: allow for a slow, busy machine. */
const WORKER_BOOT_MS = 90_000;

/**
 * Real processes end to end: the API in this process, `bin/worker` children, RabbitMQ between
 * them and MariaDB shared by all. The worker running an execution is SIGKILLed while the model
 * is still answering; nothing of it shuts down cleanly. Its lease expires, the reclaim loop
 * queues the execution again, and a second worker finishes it as attempt 2.
 */
describeWithEnv('AMQP_URL', 'An execution whose bin/worker is killed mid-run', (amqpUrl) => {
  describeWithEnv('DATABASE_URL', 'on RabbitMQ with MariaDB shared by the API and the workers', () => {
    const upstream = new FakeOpenAiServer();
    let bed: WorkerKillBed;
    let fleet: WorkerFleet;
    let app: StartedApp;
    let ada: PlatformUser;

    beforeAll(async () => {
      await upstream.start();
      bed = await startWorkerKillBed(amqpUrl, 'kill', {
        LLM_PROVIDER: 'openai',
        OPENAI_API_KEY: 'test',
        OPENAI_BASE_URL: upstream.baseUrl,
        EGRESS_ALLOW_HOSTS: '127.0.0.1',
        LLM_RETRY_BASE_MS: '0',
      });
      ({ app, fleet, user: ada } = bed);
    }, WORKER_BOOT_MS);

    afterAll(async () => {
      await bed?.stop();
      await upstream.stop();
    });

    const stored = (id: string) => app.services.app.container.get<ExecutionRepository>(EXECUTION_REPOSITORY).findById(id);

    it(
      'When the worker is SIGKILLed while its execution is running, Then the lease expires, the execution is reclaimed and a second worker completes it as attempt 2',
      async () => {
        // The first call to the model never answers: the run stays `running` until its worker dies.
        upstream.enqueue({ hang: true });
        const agent = anAgent({ ownerId: ada.id, includeTools: [] });
        await app.services.app.container.get<AgentRepository>(AGENT_REPOSITORY).create(agent);
        const started = await request<{ id: string; status: string }>('POST', `${app.platformUrl}/api/v1/agents/${agent.id}/execute`, {
          token: ada.token,
          body: { input: 'Outlive your worker', async: true },
        });
        expect({ status: started.status, record: started.body.status }).toEqual({ status: 202, record: 'pending' });

        const doomed = fleet.start();
        const running = await doomed.until(async () => {
          const execution = await stored(started.body.id);
          return execution?.status === 'running' && upstream.requests.length === 1 ? execution : undefined;
        }, WORKER_BOOT_MS);
        const apiIdentity = app.services.app.container.get(ProcessIdentity).id;
        expect(running).toMatchObject({ attempt: 1, lease: { owner: expect.any(String) } });
        expect(running.lease?.owner).not.toBe(apiIdentity);

        await doomed.kill('SIGKILL');
        await eventually(async () => (upstream.abandoned.length === 1 ? true : undefined));
        // Killed, not stopped: the record still says running, under the dead worker's lease.
        expect(await stored(started.body.id)).toMatchObject({ status: 'running', lease: { owner: running.lease?.owner } });

        const survivor = fleet.start();
        const done = await survivor.until(async () => {
          const execution = await stored(started.body.id);
          return execution?.status === 'completed' ? execution : undefined;
        }, WORKER_BOOT_MS);
        expect(done as Execution).toMatchObject({ success: true, attempt: 2, lease: null, output: { reply: 'Echo: Outlive your worker' } });
        expect(upstream.requests).toHaveLength(2);
      },
      3 * WORKER_BOOT_MS,
    );
  });
});
