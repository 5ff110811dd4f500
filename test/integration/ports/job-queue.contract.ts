import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Job, JobQueue } from '../../../core/ports/job-queue.port';

export interface JobQueueSettings {
  maxAttempts: number;
  retryBaseMs: number;
  prefetch: number;
}

export interface JobQueueSubject {
  queue: JobQueue;
  /** Closes the queue and removes whatever it created on the broker. */
  dispose(): Promise<void>;
}

export type MakeJobQueue = (settings: JobQueueSettings) => Promise<JobQueueSubject>;

const SETTINGS: JobQueueSettings = { maxAttempts: 3, retryBaseMs: 10, prefetch: 3 };
/** How long a check waits for something that must not happen; generous for a loaded machine. */
const GRACE_MS = 150;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Shared behaviour every JobQueue adapter must show (see core/ports/job-queue.port.ts). */
export function describeJobQueueContract(name: string, makeSubject: MakeJobQueue): void {
  describe(`${name} as JobQueue`, () => {
    let subject: JobQueueSubject;
    let queue: JobQueue;
    let type: string;

    beforeEach(async () => {
      subject = await makeSubject(SETTINGS);
      queue = subject.queue;
      type = `contract-${randomUUID().slice(0, 8)}`;
    });

    afterEach(async () => {
      await subject.dispose();
    });

    it('When a job is published, Then a consumer receives its id, type, payload and attempt 1', async () => {
      const received: Job[] = [];
      await queue.consume(type, async (job) => void received.push(job));
      const payload = { text: 'héllo ✓', items: [1, 2.5, { nested: true }], empty: null };

      const id = await queue.publish(type, payload);

      await waitFor(() => received.length === 1);
      expect(id).toMatch(UUID);
      expect(received).toEqual([{ id, type, payload, attempt: 1 }]);
    });

    it('When a caller passes a jobId, Then publish returns it and the consumer sees it', async () => {
      const received: Job[] = [];
      await queue.consume(type, async (job) => void received.push(job));

      const id = await queue.publish(type, 'x', { jobId: 'order-42' });

      await waitFor(() => received.length === 1);
      expect(id).toBe('order-42');
      expect(received[0].id).toBe('order-42');
    });

    it('When jobs are published before any consumer, Then they wait and arrive in order', async () => {
      await queue.publish(type, 1);
      await queue.publish(type, 2);
      await queue.publish(type, 3);
      const payloads: unknown[] = [];

      await queue.consume(type, async (job) => void payloads.push(job.payload), { concurrency: 1 });

      await waitFor(() => payloads.length === 3);
      expect(payloads).toEqual([1, 2, 3]);
    });

    it('When a job is in hand, Then no other consumer gets it, and once handled it is never delivered again', async () => {
      const gate = deferred();
      const first: unknown[] = [];
      const second: unknown[] = [];
      const holder = await queue.consume(
        type,
        async (job) => {
          first.push(job.payload);
          await gate.promise;
        },
        { concurrency: 1 },
      );
      await queue.publish(type, 'held');
      await waitFor(() => first.length === 1);
      await queue.consume(type, async (job) => void second.push(job.payload), { concurrency: 5 });
      await sleep(GRACE_MS);
      expect(second).toEqual([]);

      gate.resolve();
      await holder.close();
      await queue.publish(type, 'sentinel');

      await waitFor(() => second.length === 1);
      await sleep(GRACE_MS);
      expect(first).toEqual(['held']);
      expect(second).toEqual(['sentinel']);
    });

    it('When a handler fails, Then the job is retried with the same id and a growing attempt until it succeeds', async () => {
      const attempts: Job[] = [];
      await queue.consume(type, async (job) => {
        attempts.push(job);
        if (job.attempt < 3) throw new Error(`boom ${job.attempt}`);
      });

      const id = await queue.publish(type, { n: 1 });

      await waitFor(() => attempts.length === 3);
      await sleep(GRACE_MS);
      expect(attempts).toEqual([1, 2, 3].map((attempt) => ({ id, type, payload: { n: 1 }, attempt })));
      expect(await queue.deadLetters(type)).toEqual([]);
    });

    it('When a job fails maxAttempts times, Then it is dead-lettered, oldest first, and reading leaves it there', async () => {
      const calls = new Map<string, number>();
      await queue.consume(
        type,
        async (job) => {
          calls.set(job.id, (calls.get(job.id) ?? 0) + 1);
          throw new Error('always');
        },
        { concurrency: 1 },
      );
      const first = await queue.publish(type, { order: 1 });
      const second = await queue.publish(type, { order: 2 });

      await waitFor(async () => (await queue.deadLetters(type)).length === 2);

      const expected = [
        { id: first, type, payload: { order: 1 }, attempt: 3 },
        { id: second, type, payload: { order: 2 }, attempt: 3 },
      ];
      expect(await queue.deadLetters(type)).toEqual(expected);
      expect(await queue.deadLetters(type)).toEqual(expected);
      expect(Object.fromEntries(calls)).toEqual({ [first]: 3, [second]: 3 });
    });

    it('When a consumer asks for concurrency 2, Then it never holds more than 2 jobs and handles them all', async () => {
      const probe = new ConcurrencyProbe();
      await queue.consume(type, (job) => probe.run(job), { concurrency: 2 });
      for (let n = 0; n < 5; n++) await queue.publish(type, n);

      await probe.releaseEachTimeActiveReaches(2, 5);

      expect(probe.maxActive).toBe(2);
      expect(probe.handled.sort()).toEqual([0, 1, 2, 3, 4]);
    });

    it('When a consumer names no concurrency, Then it takes the configured prefetch', async () => {
      const probe = new ConcurrencyProbe();
      await queue.consume(type, (job) => probe.run(job));
      for (let n = 0; n < 4; n++) await queue.publish(type, n);

      await probe.releaseEachTimeActiveReaches(SETTINGS.prefetch, 4);

      expect(probe.maxActive).toBe(SETTINGS.prefetch);
    });

    it('When consumers compete, Then each job is handled exactly once', async () => {
      const seen: string[] = [];
      await queue.consume(type, async (job) => void seen.push(job.id), { concurrency: 2 });
      await queue.consume(type, async (job) => void seen.push(job.id), { concurrency: 2 });
      const ids: string[] = [];
      for (let n = 0; n < 20; n++) ids.push(await queue.publish(type, n));

      await waitFor(() => seen.length >= 20);
      await sleep(GRACE_MS);
      expect(seen.sort()).toEqual(ids.sort());
    });

    it('When a subscription closes, Then it waits for the job in hand and takes no new ones', async () => {
      const gate = deferred();
      const handled: unknown[] = [];
      const subscription = await queue.consume(
        type,
        async (job) => {
          await gate.promise;
          handled.push(job.payload);
        },
        { concurrency: 1 },
      );
      await queue.publish(type, 'in hand');
      await sleep(GRACE_MS);

      let closed = false;
      const closing = subscription.close().then(() => (closed = true));
      await sleep(GRACE_MS);
      expect(closed).toBe(false);
      gate.resolve();
      await closing;
      expect(handled).toEqual(['in hand']);

      await queue.publish(type, 'after close');
      const later: unknown[] = [];
      await queue.consume(type, async (job) => void later.push(job.payload));
      await waitFor(() => later.length === 1);
      expect(handled).toEqual(['in hand']);
      expect(later).toEqual(['after close']);
    });

    it('When the queue closes, Then it waits for every job in hand', async () => {
      const gate = deferred();
      let finished = false;
      await queue.consume(type, async () => {
        await gate.promise;
        finished = true;
      });
      await queue.publish(type, 'slow');
      await sleep(GRACE_MS);

      const closing = queue.close();
      setTimeout(() => gate.resolve(), GRACE_MS);
      await closing;

      expect(finished).toBe(true);
    });
  });
}

/** Holds every job until released, recording how many are in hand at once. */
class ConcurrencyProbe {
  readonly handled: unknown[] = [];
  maxActive = 0;
  private readonly waiting: Array<() => void> = [];

  async run(job: Job): Promise<void> {
    const release = deferred();
    this.waiting.push(release.resolve);
    this.maxActive = Math.max(this.maxActive, this.waiting.length);
    await release.promise;
    this.handled.push(job.payload);
  }

  /** Lets one job finish each time `limit` are in hand (or all that remain), after a grace to catch an excess. */
  async releaseEachTimeActiveReaches(limit: number, total: number): Promise<void> {
    for (let released = 0; released < total; released++) {
      await waitFor(() => this.waiting.length >= Math.min(limit, total - released));
      await sleep(GRACE_MS / 3);
      (this.waiting.shift() as () => void)();
    }
    await waitFor(() => this.handled.length === total);
  }
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(5);
  }
}
