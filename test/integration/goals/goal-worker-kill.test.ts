import { FakeOpenAiServer } from '../../fixtures/fake-openai-server';
import { describeWithEnv } from '../../support/infrastructure';
import { PlatformUser } from '../../support/platform-user';
import { boardApi, GoalBody, TaskBody } from '../../support/tasks-api';
import { startWorkerKillBed, WorkerKillBed } from '../../support/worker-kill-bed';
import { WorkerFleet } from '../../support/worker-process';

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
    const upstream = new FakeOpenAiServer();
    let bed: WorkerKillBed;
    let fleet: WorkerFleet;
    let ada: PlatformUser;
    let api: ReturnType<typeof boardApi>;

    beforeAll(async () => {
      await upstream.start();
      bed = await startWorkerKillBed(amqpUrl, 'goal-kill', {
        LLM_PROVIDER: 'openai',
        OPENAI_API_KEY: 'test',
        OPENAI_BASE_URL: upstream.baseUrl,
        LLM_RETRY_BASE_MS: '0',
        TASK_RUN_LEASE_SECONDS: '2',
      });
      ({ fleet, user: ada } = bed);
      api = boardApi(bed.app.platformUrl);
    }, WORKER_BOOT_MS);

    afterAll(async () => {
      await bed?.stop();
      await upstream.stop();
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
