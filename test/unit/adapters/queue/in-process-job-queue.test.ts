import { InProcessJobQueue } from '../../../../adapters/queue/inprocess/in-process-job-queue';
import { Scheduler } from '../../../../adapters/queue/inprocess/scheduler';
import { Job } from '../../../../core/ports/job-queue.port';
import { JsonValue } from '../../../../core/shared/json';

/** Collects scheduled callbacks; the test decides when each one fires. */
class ManualScheduler {
  readonly delays: number[] = [];
  private readonly due: Array<{ callback: () => void; cancelled: boolean }> = [];

  readonly schedule: Scheduler = (callback, delayMs) => {
    const entry = { callback, cancelled: false };
    this.delays.push(delayMs);
    this.due.push(entry);
    return () => (entry.cancelled = true);
  };

  get pending(): number {
    return this.due.filter((entry) => !entry.cancelled).length;
  }

  fireNext(): void {
    const entry = this.due.shift();
    if (entry && !entry.cancelled) entry.callback();
  }
}

const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('InProcessJobQueue', () => {
  let scheduler: ManualScheduler;
  let queue: InProcessJobQueue;
  let ids: number;

  beforeEach(() => {
    scheduler = new ManualScheduler();
    ids = 0;
    queue = new InProcessJobQueue({
      maxAttempts: 4,
      retryBaseMs: 100,
      defaultConcurrency: 1,
      scheduler: scheduler.schedule,
      newId: () => `job-${++ids}`,
    });
  });

  it('When a handler keeps failing, Then retries wait 100, 200, 400 ms and the 4th failure dead-letters the job', async () => {
    const attempts: number[] = [];
    await queue.consume('t', async (job) => {
      attempts.push(job.attempt);
      throw new Error('no');
    });

    await queue.publish('t', { a: 1 });
    await flush();
    for (let n = 0; n < 3; n++) {
      expect(attempts).toHaveLength(n + 1);
      scheduler.fireNext();
      await flush();
    }

    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(scheduler.delays).toEqual([100, 200, 400]);
    expect(await queue.deadLetters('t')).toEqual([{ id: 'job-1', type: 't', payload: { a: 1 }, attempt: 4 }]);
  });

  it('When a retry is scheduled, Then the job is not delivered again before its timer fires', async () => {
    const attempts: number[] = [];
    await queue.consume('t', async (job) => {
      attempts.push(job.attempt);
      if (job.attempt === 1) throw new Error('first time');
    });

    await queue.publish('t', null);
    await flush();
    await flush();
    expect(attempts).toEqual([1]);

    scheduler.fireNext();
    await flush();
    expect(attempts).toEqual([1, 2]);
    expect(await queue.deadLetters('t')).toEqual([]);
  });

  it('When a handler mutates its payload and fails, Then the retry gets the payload as published', async () => {
    const seen: JsonValue[] = [];
    const payload = { list: [1] };
    await queue.consume('t', async (job) => {
      seen.push(structuredClone(job.payload));
      (job.payload as { list: number[] }).list.push(99);
      throw new Error('again');
    });

    await queue.publish('t', payload);
    payload.list.push(2);
    await flush();
    scheduler.fireNext();
    await flush();

    expect(seen).toEqual([{ list: [1] }, { list: [1] }]);
  });

  it('When the queue closes, Then pending retries are cancelled and publishing is refused', async () => {
    await queue.consume('t', async () => {
      throw new Error('fails');
    });
    await queue.publish('t', 1);
    await flush();
    expect(scheduler.pending).toBe(1);

    await queue.close();

    expect(scheduler.pending).toBe(0);
    await expect(queue.publish('t', 2)).rejects.toThrow('job queue is closed');
  });

  it('When two consumers share a type, Then they take turns', async () => {
    const byConsumer: Record<string, string[]> = { a: [], b: [] };
    const gates: Array<() => void> = [];
    const hold = (name: string) => async (job: Job) => {
      byConsumer[name].push(job.id);
      await new Promise<void>((resolve) => gates.push(resolve));
    };
    await queue.consume('t', hold('a'));
    await queue.consume('t', hold('b'));

    await queue.publish('t', 1);
    await queue.publish('t', 2);
    await flush();

    expect(byConsumer).toEqual({ a: ['job-1'], b: ['job-2'] });
    gates.forEach((release) => release());
  });
});
