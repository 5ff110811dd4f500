import { JsonValue } from '../shared/json';
import { token } from '../shared/token';

export interface Job {
  /** Unique per logical job; consumers use it to stay idempotent across redeliveries. */
  id: string;
  type: string;
  payload: JsonValue;
  /** 1 on the first delivery, +1 on every retry or redelivery. */
  attempt: number;
}

export interface PublishOptions {
  /**
   * Defaults to a new UUID. Pass a stable key derived from the work so consumers can
   * recognise a duplicate; the queue itself delivers every publish (at least once).
   */
  jobId?: string;
}

export type JobHandler = (job: Job) => Promise<void>;

export interface ConsumeOptions {
  /** Jobs handled at once by this consumer; defaults to the queue's configured prefetch. */
  concurrency?: number;
}

export interface Subscription {
  /** Stops taking new jobs and waits for the ones in hand. */
  close(): Promise<void>;
}

/**
 * Durable job queue. A job is acknowledged only after its handler resolves; a handler
 * that throws is retried with exponential back-off up to `maxAttempts`, then dead-lettered.
 * A consumer that dies with a job in hand loses nothing: the job is delivered again.
 */
export interface JobQueue {
  publish(type: string, payload: JsonValue, options?: PublishOptions): Promise<string>;
  consume(type: string, handler: JobHandler, options?: ConsumeOptions): Promise<Subscription>;
  /** Jobs of `type` that exhausted their attempts, oldest first; reading leaves them in place. */
  deadLetters(type: string): Promise<Job[]>;
  close(): Promise<void>;
}

export const JOB_QUEUE = token<JobQueue>('JobQueue');
