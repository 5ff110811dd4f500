import { randomUUID } from 'node:crypto';
import { ConsumeOptions, Job, JobHandler, JobQueue, PublishOptions, Subscription } from '../../../core/ports/job-queue.port';
import { Logger } from '../../../core/ports/logger.port';
import { JsonValue } from '../../../core/shared/json';
import { InProcessConsumer } from './in-process-consumer';
import { retryDelayMs } from './retry-delay';
import { Scheduler, timerScheduler } from './scheduler';

export interface InProcessJobQueueOptions {
  maxAttempts: number;
  retryBaseMs: number;
  /** Concurrency of a consumer that does not ask for one. */
  defaultConcurrency: number;
  scheduler?: Scheduler;
  newId?: () => string;
  logger?: Logger;
}

/** The jobs of one type: waiting in order, the consumers competing for them, and the dead ones. */
interface Lane {
  waiting: Job[];
  consumers: InProcessConsumer[];
  dead: Job[];
  nextConsumer: number;
}

/**
 * Same semantics as the broker-backed queue, held in memory: for a single process and for tests.
 * Jobs survive a consumer closing but not the process.
 */
export class InProcessJobQueue implements JobQueue {
  private readonly lanes = new Map<string, Lane>();
  private readonly pendingRetries = new Set<() => void>();
  private readonly scheduler: Scheduler;
  private readonly newId: () => string;
  private closed = false;

  constructor(private readonly options: InProcessJobQueueOptions) {
    this.scheduler = options.scheduler ?? timerScheduler;
    this.newId = options.newId ?? randomUUID;
  }

  async publish(type: string, payload: JsonValue, options: PublishOptions = {}): Promise<string> {
    this.assertOpen();
    const job: Job = { id: options.jobId ?? this.newId(), type, payload: structuredClone(payload), attempt: 1 };
    this.enqueue(job);
    return job.id;
  }

  async consume(type: string, handler: JobHandler, options: ConsumeOptions = {}): Promise<Subscription> {
    this.assertOpen();
    const lane = this.lane(type);
    const concurrency = Math.max(1, options.concurrency ?? this.options.defaultConcurrency);
    const consumer = new InProcessConsumer(
      handler,
      concurrency,
      (job, error) => this.settle(job, error),
      (closing) => lane.consumers.splice(lane.consumers.indexOf(closing), 1),
    );
    lane.consumers.push(consumer);
    this.dispatch(lane);
    return consumer;
  }

  async deadLetters(type: string): Promise<Job[]> {
    return (this.lanes.get(type)?.dead ?? []).map((job) => ({ ...job, payload: structuredClone(job.payload) }));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of this.pendingRetries) cancel();
    this.pendingRetries.clear();
    const consumers = [...this.lanes.values()].flatMap((lane) => lane.consumers);
    await Promise.all(consumers.map((consumer) => consumer.close()));
  }

  private settle(job: Job, error: unknown): void {
    const lane = this.lane(job.type);
    if (error !== undefined) this.fail(lane, job, error);
    this.dispatch(lane);
  }

  private fail(lane: Lane, job: Job, error: unknown): void {
    const reason = error instanceof Error ? error.message : String(error);
    if (job.attempt >= this.options.maxAttempts) {
      lane.dead.push(job);
      this.options.logger?.warn({ jobId: job.id, type: job.type, attempt: job.attempt, reason }, 'job dead-lettered');
      return;
    }
    if (this.closed) {
      this.options.logger?.warn({ jobId: job.id, type: job.type, attempt: job.attempt, reason }, 'job failed while the queue closed; not retried');
      return;
    }
    this.options.logger?.info({ jobId: job.id, type: job.type, attempt: job.attempt, reason }, 'job failed, will retry');
    const cancel = this.scheduler(
      () => {
        this.pendingRetries.delete(cancel);
        this.enqueue({ ...job, attempt: job.attempt + 1 });
      },
      retryDelayMs(job.attempt, this.options.retryBaseMs),
    );
    this.pendingRetries.add(cancel);
  }

  private enqueue(job: Job): void {
    const lane = this.lane(job.type);
    lane.waiting.push(job);
    this.dispatch(lane);
  }

  /** Hands waiting jobs, in order, to consumers with a free slot, taking turns between them. */
  private dispatch(lane: Lane): void {
    while (lane.waiting.length > 0) {
      const consumer = this.nextFreeConsumer(lane);
      if (!consumer) return;
      consumer.take(lane.waiting.shift() as Job);
    }
  }

  private nextFreeConsumer(lane: Lane): InProcessConsumer | undefined {
    for (let i = 0; i < lane.consumers.length; i++) {
      const index = (lane.nextConsumer + i) % lane.consumers.length;
      if (lane.consumers[index].hasCapacity) {
        lane.nextConsumer = index + 1;
        return lane.consumers[index];
      }
    }
    return undefined;
  }

  private lane(type: string): Lane {
    let lane = this.lanes.get(type);
    if (!lane) {
      lane = { waiting: [], consumers: [], dead: [], nextConsumer: 0 };
      this.lanes.set(type, lane);
    }
    return lane;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('job queue is closed');
  }
}
