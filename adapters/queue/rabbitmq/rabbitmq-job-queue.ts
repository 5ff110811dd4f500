import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ConsumeOptions, Job, JobHandler, JobQueue, PublishOptions, Subscription } from '../../../core/ports/job-queue.port';
import { Logger } from '../../../core/ports/logger.port';
import { JsonValue } from '../../../core/shared/json';
import { ConfirmPublisher } from './confirm-publisher';
import { decodeJob, encodeJob, attemptOf } from './job-message';
import { Connect, RabbitMqConnection } from './rabbitmq-connection';
import { RabbitMqConsumer } from './rabbitmq-consumer';
import { RabbitMqTopology } from './rabbitmq-topology';

export interface RabbitMqJobQueueOptions {
  url: string;
  prefix: string;
  maxAttempts: number;
  retryBaseMs: number;
  /** Concurrency (and so prefetch) of a consumer that does not ask for one. */
  prefetch: number;
  /** First pause before a lost consumer channel is opened again; doubles up to 30 s. */
  reconnectDelayMs?: number;
  connect?: Connect;
  newId?: () => string;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: Logger;
}

/**
 * JobQueue on RabbitMQ: durable queues, persistent messages published with confirms, manual
 * acknowledgement after the handler, delay queues for back-off and a dead-letter queue per type.
 * Delivery is at least once; handlers stay idempotent by `job.id`.
 */
export class RabbitMqJobQueue implements JobQueue {
  private readonly connection: RabbitMqConnection;
  private readonly publisher: ConfirmPublisher;
  private readonly topology: RabbitMqTopology;
  private readonly consumers = new Set<RabbitMqConsumer>();
  private readonly newId: () => string;
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;

  constructor(private readonly options: RabbitMqJobQueueOptions) {
    this.connection = new RabbitMqConnection(options.url, options.connect, options.logger);
    this.publisher = new ConfirmPublisher(this.connection, options.logger);
    this.topology = new RabbitMqTopology(options.prefix);
    this.newId = options.newId ?? randomUUID;
    this.sleep = options.sleep ?? ((ms, signal) => sleep(ms, undefined, { signal }).catch(() => undefined));
  }

  async publish(type: string, payload: JsonValue, options: PublishOptions = {}): Promise<string> {
    const job: Job = { id: options.jobId ?? this.newId(), type, payload, attempt: 1 };
    const queue = this.topology.workQueue(type);
    // Declared by the publisher too, so a job published before any consumer exists is kept.
    await this.publisher.assertQueue(queue, this.topology.durable());
    await this.publisher.assertQueue(this.topology.deadQueue(type), this.topology.durable());
    const message = encodeJob(job);
    await this.publisher.publish(queue, message.content, message.options);
    return job.id;
  }

  async consume(type: string, handler: JobHandler, options: ConsumeOptions = {}): Promise<Subscription> {
    const consumer = new RabbitMqConsumer(
      {
        connection: this.connection,
        publisher: this.publisher,
        topology: this.topology,
        sleep: this.sleep,
        logger: this.options.logger,
        onClosed: (closed) => this.consumers.delete(closed),
      },
      {
        type,
        handler,
        concurrency: Math.max(1, options.concurrency ?? this.options.prefetch),
        maxAttempts: this.options.maxAttempts,
        retryBaseMs: this.options.retryBaseMs,
        reconnectDelayMs: this.options.reconnectDelayMs ?? 1000,
      },
    );
    await consumer.start();
    this.consumers.add(consumer);
    return consumer;
  }

  /**
   * Reads the whole dead-letter queue without removing anything: every message is fetched
   * unacknowledged, then all are requeued, which keeps their order. Two concurrent readers
   * each see only the messages the other is not holding at that moment.
   */
  async deadLetters(type: string): Promise<Job[]> {
    const queue = this.topology.deadQueue(type);
    const model = await this.connection.get();
    const channel = await model.createChannel();
    channel.on('error', (error: Error) => this.options.logger?.warn({ type, error: error.message }, 'amqp dead-letter channel error'));
    try {
      await channel.assertQueue(queue, this.topology.durable());
      const jobs: Job[] = [];
      for (let message = await channel.get(queue, { noAck: false }); message; message = await channel.get(queue, { noAck: false })) {
        jobs.push(
          decodeJob(message, type) ?? {
            id: String(message.properties.messageId ?? 'malformed'),
            type,
            payload: message.content.toString('utf8'),
            attempt: attemptOf(message),
          },
        );
      }
      channel.nackAll(true);
      return jobs;
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.consumers].map((consumer) => consumer.close()));
    await this.publisher.close();
    await this.connection.close();
  }
}
