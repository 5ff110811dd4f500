import { Channel, ConsumeMessage } from 'amqplib';
import { RunEvent } from '../../../core/domain/run/run-event';
import { Logger } from '../../../core/ports/logger.port';
import { RunEventFeed, RunEventSubscription } from '../../../core/ports/run-event-feed.port';
import { Connect, RabbitMqConnection } from './rabbitmq-connection';

type Listener = (event: RunEvent) => void;

export interface RabbitMqRunEventFeedOptions {
  url: string;
  /** The exchange is `<prefix>.run-events`. */
  prefix: string;
  connect?: Connect;
  logger?: Logger;
}

interface Tap {
  channel: Channel;
  /** This process's exclusive, server-named queue. */
  queue: string;
}

/**
 * The live tail across processes (QUEUE=rabbitmq): a topic exchange keyed by run id; each
 * process has its own exclusive queue, bound to the runs it follows. Messages are transient and
 * unconfirmed: the store is the record, and a follower fills whatever this loses from it.
 */
export class RabbitMqRunEventFeed implements RunEventFeed {
  private readonly connection: RabbitMqConnection;
  private readonly exchange: string;
  private readonly listeners = new Map<string, Set<Listener>>();
  private tap?: Promise<Tap>;
  private closed = false;

  constructor(private readonly options: RabbitMqRunEventFeedOptions) {
    this.connection = new RabbitMqConnection(options.url, options.connect, options.logger);
    this.exchange = `${options.prefix}.run-events`;
  }

  publish(runId: string, event: RunEvent): void {
    // One promise chain keeps publishes in call order while the channel opens.
    this.open()
      .then(({ channel }) => channel.publish(this.exchange, runId, Buffer.from(JSON.stringify(event)), { contentType: 'application/json', persistent: false }))
      .catch((error: unknown) => this.options.logger?.warn({ runId, error: String(error) }, 'run event not published live'));
  }

  async subscribe(runId: string, listener: Listener): Promise<RunEventSubscription> {
    let set = this.listeners.get(runId);
    const first = !set;
    if (!set) this.listeners.set(runId, (set = new Set()));
    set.add(listener);
    if (first) {
      const { channel, queue } = await this.open();
      await channel.bindQueue(queue, this.exchange, runId);
    } else {
      await this.open();
    }
    return { close: () => this.unsubscribe(runId, listener) };
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.tap = undefined;
    await this.connection.close();
  }

  private async unsubscribe(runId: string, listener: Listener): Promise<void> {
    const set = this.listeners.get(runId);
    if (!set?.delete(listener) || set.size > 0) return;
    this.listeners.delete(runId);
    const tap = await this.tap?.catch(() => undefined);
    await tap?.channel.unbindQueue(tap.queue, this.exchange, runId).catch(() => undefined);
  }

  private open(): Promise<Tap> {
    if (this.closed) return Promise.reject(new Error('run event feed is closed'));
    if (!this.tap) {
      const opening = this.openTap();
      this.tap = opening;
      opening.catch(() => {
        if (this.tap === opening) this.tap = undefined;
      });
    }
    return this.tap;
  }

  private async openTap(): Promise<Tap> {
    const model = await this.connection.get();
    const channel = await model.createChannel();
    // By now `this.tap` is the promise of this very opening (open() stored it).
    const tap = this.tap;
    channel.on('error', (error: Error) => this.options.logger?.warn({ error: error.message }, 'run event channel error'));
    // A lost channel takes the exclusive queue with it: the next use opens a new one and binds again.
    channel.on('close', () => {
      if (this.tap === tap) this.tap = undefined;
    });
    await channel.assertExchange(this.exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue('', { exclusive: true, autoDelete: true, durable: false });
    await channel.consume(queue, (message) => this.dispatch(message), { noAck: true });
    for (const runId of this.listeners.keys()) await channel.bindQueue(queue, this.exchange, runId);
    return { channel, queue };
  }

  private dispatch(message: ConsumeMessage | null): void {
    if (!message) return;
    const listeners = this.listeners.get(message.fields.routingKey);
    if (!listeners) return;
    let event: RunEvent;
    try {
      event = JSON.parse(message.content.toString('utf8')) as RunEvent;
    } catch {
      return;
    }
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        this.options.logger?.warn({ error: String(error) }, 'run event listener failed');
      }
    }
  }
}
