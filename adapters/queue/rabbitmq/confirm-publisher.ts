import { randomUUID } from 'node:crypto';
import { ConfirmChannel, Message, Options } from 'amqplib';
import { Logger } from '../../../core/ports/logger.port';
import { RabbitMqConnection } from './rabbitmq-connection';

const PUBLISH_ID_HEADER = 'x-publish-id';

/**
 * Publishes persistent, mandatory messages on a confirm channel: `publish` resolves only once the
 * broker has taken responsibility for the message, and rejects when it was nacked or unroutable.
 */
export class ConfirmPublisher {
  private channel?: Promise<ConfirmChannel>;
  private readonly returned = new Set<string>();
  private readonly declared = new Set<string>();

  constructor(
    private readonly connection: RabbitMqConnection,
    private readonly logger?: Logger,
  ) {}

  /** Declares a queue once per publisher; a later unroutable publish makes it declare again. */
  async assertQueue(name: string, options: Options.AssertQueue): Promise<void> {
    if (this.declared.has(name)) return;
    const channel = await this.open();
    await channel.assertQueue(name, options);
    this.declared.add(name);
  }

  /**
   * Retries once on a fresh channel when the channel died under the message (e.g. the connection
   * was lost): whether the broker kept it is unknown then, and a duplicate is the safe side.
   */
  async publish(queue: string, content: Buffer, options: Options.Publish): Promise<void> {
    const opening = this.open();
    const channel = await opening;
    try {
      await this.publishOn(channel, queue, content, options);
    } catch (error) {
      if (this.channel === opening) throw error;
      await this.publishOn(await this.open(), queue, content, options);
    }
  }

  private async publishOn(channel: ConfirmChannel, queue: string, content: Buffer, options: Options.Publish): Promise<void> {
    const publishId = randomUUID();
    const headers = { ...options.headers, [PUBLISH_ID_HEADER]: publishId };
    await new Promise<void>((resolve, reject) => {
      const confirmed = (error: unknown): void => {
        if (error) return reject(error instanceof Error ? error : new Error('message nacked by the broker'));
        // RabbitMQ sends basic.return before the confirm of the same message, on the same channel.
        if (this.returned.delete(publishId)) {
          this.declared.delete(queue);
          return reject(new Error(`message for queue ${queue} was unroutable`));
        }
        resolve();
      };
      try {
        channel.publish('', queue, content, { ...options, headers, persistent: true, mandatory: true }, confirmed);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  async close(): Promise<void> {
    const channel = await this.channel?.catch(() => undefined);
    this.channel = undefined;
    await channel?.close().catch(() => undefined);
  }

  private open(): Promise<ConfirmChannel> {
    if (!this.channel) {
      const opening = this.connection.get().then((model) => model.createConfirmChannel());
      this.channel = opening;
      const forget = (): void => {
        if (this.channel === opening) this.channel = undefined;
      };
      opening.then((channel) => {
        channel.on('error', (error: Error) => this.logger?.warn({ error: error.message }, 'amqp publish channel error'));
        channel.on('close', forget);
        channel.on('return', (message: Message) => {
          const id: unknown = message.properties.headers?.[PUBLISH_ID_HEADER];
          if (typeof id === 'string') this.returned.add(id);
        });
      }, forget);
    }
    return this.channel;
  }
}
