import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { describeWithEnv } from '../../support/infrastructure';
import { PlatformUser, signUp } from '../../support/platform-user';
import { deletePrefixedTopology } from '../../support/rabbitmq-leftovers';
import { StartedApp, startApp } from '../../support/started-app';
import { boardApi, GoalBody, TaskBody } from '../../support/tasks-api';
import { createTestDatabase, TestDatabase } from '../../support/test-database';
import { WorkerFleet, SHORT_LEASES } from '../../support/worker-process';

/** A worker started from the sources transpiles them first: allow for a slow, busy machine. */
const WORKER_BOOT_MS = 90_000;

interface Tree {
  goal: GoalBody;
  tasks: TaskBody[];
}

/**
 * Real processes end to end: the API in this process, `bin/worker` children, RabbitMQ between
 * them and MariaDB shared by all. The worker executing a goal's task is SIGKILLed while the model
 * is still answering. RabbitMQ hands the unacknowledged `goal.advance` job to a second worker,
 * which waits out the dead worker's task lease, finds the task pending again and runs it: no task
 * is lost, and the goal completes.
 */
describeWithEnv('AMQP_URL', 'A goal whose bin/worker is killed mid-task', (amqpUrl) => {
  describeWithEnv('DATABASE_URL', 'on RabbitMQ with MariaDB shared by the API and the workers', () => {
    const prefix = `test-goal-kill-${randomUUID().slice(0, 8)}`;
    const upstream = new FakeOpenAiServer();
    let apiDataDir = '';
    let database: TestDatabase;
    let fleet: WorkerFleet;
    let app: StartedApp;
    let ada: PlatformUser;
    let api: ReturnType<typeof boardApi>;

    beforeAll(async () => {
      await upstream.start();
      database = await createTestDatabase('mysql');
      const env = {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        SANDBOX_WORKERS: '1',
        STORAGE: 'mysql',
        DATABASE_URL: database.config.storage.databaseUrl as string,
        QUEUE: 'rabbitmq',
        AMQP_URL: amqpUrl,
        QUEUE_PREFIX: prefix,
        LLM_PROVIDER: 'openai',
        OPENAI_API_KEY: 'test',
        OPENAI_BASE_URL: upstream.baseUrl,
        LLM_RETRY_BASE_MS: '0',
        TASK_RUN_LEASE_SECONDS: '2',
        ...SHORT_LEASES,
      };
      fleet = new WorkerFleet(env);
      apiDataDir = mkdtempSync(join(tmpdir(), 'goal-worker-kill-'));
      app = await startApp({ ...env, DATA_DIR: apiDataDir });
      api = boardApi(app.platformUrl);
      ada = await signUp(app.platformUrl);
    }, WORKER_BOOT_MS);

    afterAll(async () => {
      const queue = app?.services.app.config.queue;
      await fleet?.stop();
      await app?.stop();
      await upstream.stop();
      if (queue) await deletePrefixedTopology(amqpUrl, queue);
      await database?.destroy();
      if (apiDataDir) rmSync(apiDataDir, { recursive: true, force: true });
    });

    const tree = async (goalId: string): Promise<Tree> => (await api.call<Tree>('GET', `/goals/${goalId}/tasks`, ada)).body;

    it(
      'When the worker running a task is SIGKILLed, Then another worker takes the job, runs the task once its lease lapses, and the goal completes',
      async () => {
        // The first call to the model never answers: the task stays claimed until its worker dies.
        upstream.enqueue({ hang: true });
        const goal = await api.createGoal(ada, { title: 'Survive a crash' });
        const task = await api.createTask(ada, { goal_id: goal.id, title: 'Write the summary' });
        const started = await api.call<GoalBody>('POST', `/goals/${goal.id}/execute-async`, ada, {});
        expect(started.status).toBe(202);

        const doomed = fleet.start();
        const claimed = await doomed.until(async () => {
          const current = await tree(goal.id);
          return current.tasks[0]?.status === 'claimed' && upstream.requests.length === 1 ? current.tasks[0] : undefined;
        }, WORKER_BOOT_MS);
        expect(claimed).toMatchObject({ id: task.id, lease_expires_at: expect.any(String) });

        await doomed.kill('SIGKILL');
        const survivor = fleet.start();
        const done = await survivor.until(async () => {
          const current = await tree(goal.id);
          return current.goal.status === 'completed' ? current : undefined;
        }, WORKER_BOOT_MS);
        expect(done.tasks).toEqual([
          expect.objectContaining({
            id: task.id,
            status: 'completed',
            result: expect.objectContaining({ output: expect.stringContaining('Write the summary') }),
          }),
        ]);
        expect(upstream.requests).toHaveLength(2);
      },
      3 * WORKER_BOOT_MS,
    );
  });
});
