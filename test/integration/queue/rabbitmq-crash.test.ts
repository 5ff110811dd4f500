import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describeWithEnv } from '../../support/infrastructure';
import { JobQueueSubject } from '../ports/job-queue.contract';
import { bundleRabbitMqAdapter, QueueWorkerProcess, WorkerMode } from './queue-worker-process';
import { makeRabbitMqSubject } from './rabbitmq-subject';

const TYPE = 'crashable';

describeWithEnv('AMQP_URL', 'RabbitMqJobQueue when a worker process dies mid-job', (url) => {
  let built: { bundle: string; dispose(): void };
  let subject: JobQueueSubject & { prefix: string };
  let markers: string;
  const workers: QueueWorkerProcess[] = [];

  beforeAll(() => {
    built = bundleRabbitMqAdapter();
  });

  afterAll(() => built.dispose());

  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.kill()));
    await subject.dispose();
    rmSync(markers, { recursive: true, force: true });
  });

  async function arrange(maxAttempts: number): Promise<void> {
    subject = await makeRabbitMqSubject(url, { maxAttempts, retryBaseMs: 20, prefetch: 1 });
    markers = mkdtempSync(join(tmpdir(), 'queue-markers-'));
    await subject.queue.deadLetters(TYPE); // declares the type's queues and registers them for cleanup
  }

  async function startWorker(mode: WorkerMode, maxAttempts: number): Promise<QueueWorkerProcess> {
    const worker = new QueueWorkerProcess(mode, {
      QUEUE_BUNDLE: built.bundle,
      AMQP_URL: url,
      QUEUE_PREFIX: subject.prefix,
      QUEUE_TYPE: TYPE,
      MARKER_DIR: markers,
      MAX_ATTEMPTS: String(maxAttempts),
      RETRY_BASE_MS: '20',
    });
    workers.push(worker);
    // A crashing worker may take a waiting job, and die, before it gets to say it is ready.
    if (mode !== 'crash') await worker.waitFor((e) => e.event === 'ready');
    return worker;
  }

  function startsOf(jobId: string): number[] {
    const file = join(markers, `${jobId}.log`);
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => Number(line.split(' ')[0]));
  }

  it('When the worker holding a job is SIGKILLed, Then another worker completes it exactly once and no job is lost', async () => {
    await arrange(5);
    const ids = [
      await subject.queue.publish(TYPE, { step: 'a' }),
      await subject.queue.publish(TYPE, { step: 'b' }),
      await subject.queue.publish(TYPE, { step: 'c' }),
    ];
    const doomed = await startWorker('hang', 5);
    const inHand = await doomed.waitFor((e) => e.event === 'started');
    await doomed.kill();

    const survivor = await startWorker('complete', 5);
    for (const id of ids) await survivor.waitFor((e) => e.event === 'done' && e.id === id);
    await sleep(300);

    expect(inHand.id).toBe(ids[0]);
    expect(
      readdirSync(markers)
        .filter((f) => f.endsWith('.done'))
        .sort(),
    ).toEqual(ids.map((id) => `${id}.done`).sort());
    expect(startsOf(ids[0])).toEqual([1, 2]);
    expect(startsOf(ids[1])).toEqual([1]);
    expect(startsOf(ids[2])).toEqual([1]);
    expect(await subject.queue.deadLetters(TYPE)).toEqual([]);
  });

  it('When a job crashes every worker that takes it, Then it is dead-lettered after maxAttempts', async () => {
    await arrange(2);
    const id = await subject.queue.publish(TYPE, { poison: true });

    const first = await startWorker('crash', 2);
    await first.whenExited();
    const second = await startWorker('crash', 2);
    await second.whenExited();
    await startWorker('crash', 2);
    await waitForDeadLetters(subject, 1);

    expect(startsOf(id)).toEqual([1, 2]);
    expect(await subject.queue.deadLetters(TYPE)).toEqual([{ id, type: TYPE, payload: { poison: true }, attempt: 2 }]);
  });
});

async function waitForDeadLetters(subject: JobQueueSubject, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((await subject.queue.deadLetters(TYPE)).length < count) {
    if (Date.now() > deadline) throw new Error('job never reached the dead-letter queue');
    await sleep(20);
  }
}
