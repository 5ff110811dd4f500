import { Channel, ConsumeMessage } from 'amqplib';
import { Job, JobHandler, Subscription } from '../../../core/ports/job-queue.port';
import { Logger } from '../../../core/ports/logger.port';
import { ConfirmPublisher } from './confirm-publisher';
import { decodeJob, reencodeJob } from './job-message';
import { NextStep, nextStep } from './next-step';
import { RabbitMqConnection } from './rabbitmq-connection';
import { RabbitMqTopology } from './rabbitmq-topology';

export interface ConsumerSettings {
  type: string;
  handler: JobHandler;
  /** Also the channel's prefetch, so every unacknowledged message is one being handled. */
  concurrency: number;
  maxAttempts: number;
  retryBaseMs: number;
  reconnectDelayMs: number;
}

export interface ConsumerDeps {
  connection: RabbitMqConnection;
  publisher: ConfirmPublisher;
  topology: RabbitMqTopology;
  /** Resolves after `ms`, or early once `signal` aborts. */
  sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  logger?: Logger;
  onClosed: (consumer: RabbitMqConsumer) => void;
}

const MAX_RECONNECT_DELAY_MS = 30_000;
const CONSUMER_DIED = 'the consumer handling the job stopped before acknowledging it';

/**
 * One consumer of one job type on its own channel. A message is acknowledged only after its
 * handler resolved, or after a copy for the next attempt (or the dead-letter queue) was confirmed.
 */
export class RabbitMqConsumer implements Subscription {
  private channel?: Channel;
  private consumerTag?: string;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly closed = new AbortController();
  private closing = false;

  constructor(
    private readonly deps: ConsumerDeps,
    private readonly settings: ConsumerSettings,
  ) {}

  async start(): Promise<void> {
    const { topology } = this.deps;
    const { type, concurrency } = this.settings;
    const model = await this.deps.connection.get();
    const channel = await model.createChannel();
    channel.on('error', (error: Error) => this.deps.logger?.warn({ type, error: error.message }, 'amqp consumer channel error'));
    channel.on('close', () => this.onChannelClosed(channel));
    try {
      await channel.prefetch(concurrency);
      await channel.assertQueue(topology.workQueue(type), topology.durable());
      await channel.assertQueue(topology.deadQueue(type), topology.durable());
      this.channel = channel;
      const { consumerTag } = await channel.consume(topology.workQueue(type), (message) => this.receive(channel, message), { noAck: false });
      this.consumerTag = consumerTag;
    } catch (error) {
      this.channel = undefined;
      await channel.close().catch(() => undefined);
      throw error;
    }
    if (this.closing) await this.stop();
  }

  async close(): Promise<void> {
    if (this.closing) return this.drain();
    this.closing = true;
    this.closed.abort();
    this.deps.onClosed(this);
    await this.stop();
  }

  private async stop(): Promise<void> {
    const channel = this.channel;
    if (channel && this.consumerTag) await channel.cancel(this.consumerTag).catch(() => undefined);
    await this.drain();
    this.channel = undefined;
    await channel?.close().catch(() => undefined);
  }

  private async drain(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private receive(channel: Channel, message: ConsumeMessage | null): void {
    if (message === null) {
      // The broker cancelled the consumer (its queue was deleted): start over, which redeclares it.
      this.deps.logger?.warn({ type: this.settings.type }, 'amqp consumer cancelled by the broker');
      void channel.close().catch(() => undefined);
      return;
    }
    const task: Promise<void> = this.handle(channel, message)
      .catch((error: unknown) => this.deps.logger?.error({ type: this.settings.type, error: String(error) }, 'job delivery failed'))
      .finally(() => this.inFlight.delete(task));
    this.inFlight.add(task);
  }

  private async handle(channel: Channel, message: ConsumeMessage): Promise<void> {
    const job = decodeJob(message, this.settings.type);
    if (!job) return this.settle(channel, message, malformedJob(message, this.settings.type), 'malformed message', { kind: 'dead' });
    // A redelivered message was in the hands of a consumer that died (or lost its connection)
    // before acknowledging it: that counts as a failed attempt, so a message that crashes every
    // consumer still reaches the dead-letter queue.
    if (message.fields.redelivered) return this.settle(channel, message, job, CONSUMER_DIED);
    try {
      await this.settings.handler(job);
    } catch (error) {
      return this.settle(channel, message, job, error instanceof Error ? error.message : String(error));
    }
    ack(channel, message);
  }

  /** Publishes the copy for the next attempt (or the dead letter), then acknowledges the original. */
  private async settle(
    channel: Channel,
    message: ConsumeMessage,
    job: Job,
    reason: string,
    step: NextStep = nextStep(job.attempt, this.settings.maxAttempts, this.settings.retryBaseMs),
  ): Promise<void> {
    const { topology, publisher, logger } = this.deps;
    const { type } = this.settings;
    const log = { jobId: job.id, type, attempt: job.attempt, reason };
    try {
      if (step.kind === 'dead') {
        const copy = reencodeJob(message, job, reason);
        await publisher.publish(topology.deadQueue(type), copy.content, copy.options);
        logger?.warn(log, 'job dead-lettered');
      } else {
        const copy = reencodeJob(message, { ...job, attempt: step.attempt }, reason);
        const queue = step.delayMs > 0 ? topology.retryQueue(type, step.delayMs) : topology.workQueue(type);
        if (step.delayMs > 0) await publisher.assertQueue(queue, topology.retryQueueOptions(type, step.delayMs));
        await publisher.publish(queue, copy.content, copy.options);
        logger?.info({ ...log, delayMs: step.delayMs }, 'job failed, will retry');
      }
    } catch (error) {
      // Not acknowledged, so the broker keeps the job; the pause avoids a hot loop while it is unreachable.
      logger?.error({ ...log, error: String(error) }, 'could not schedule the next attempt');
      await this.deps.sleep(this.settings.reconnectDelayMs, this.closed.signal);
      nack(channel, message);
      return;
    }
    ack(channel, message);
  }

  private onChannelClosed(channel: Channel): void {
    if (this.channel !== channel || this.closing) return;
    this.channel = undefined;
    this.consumerTag = undefined;
    void this.restart();
  }

  private async restart(): Promise<void> {
    let delay = this.settings.reconnectDelayMs;
    while (!this.closing) {
      await this.deps.sleep(delay, this.closed.signal);
      if (this.closing) return;
      try {
        await this.start();
        this.deps.logger?.info({ type: this.settings.type }, 'amqp consumer resumed');
        return;
      } catch (error) {
        this.deps.logger?.warn({ type: this.settings.type, error: String(error) }, 'amqp consumer could not resume');
        delay = Math.min(delay * 2, MAX_RECONNECT_DELAY_MS);
      }
    }
  }
}

function malformedJob(message: ConsumeMessage, type: string): Job {
  const id: unknown = message.properties.messageId;
  return { id: typeof id === 'string' && id !== '' ? id : 'malformed', type, payload: null, attempt: 1 };
}

/** A closed channel cannot acknowledge; the broker then redelivers the message, which is counted. */
function ack(channel: Channel, message: ConsumeMessage): void {
  try {
    channel.ack(message);
  } catch {
    /* the channel is gone */
  }
}

function nack(channel: Channel, message: ConsumeMessage): void {
  try {
    channel.nack(message, false, true);
  } catch {
    /* the channel is gone */
  }
}
