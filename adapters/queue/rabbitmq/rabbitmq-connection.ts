import { ChannelModel, connect as amqpConnect } from 'amqplib';
import { Logger } from '../../../core/ports/logger.port';

export type Connect = (url: string) => Promise<ChannelModel>;

/** The one broker connection, opened on demand and opened again after it is lost. */
export class RabbitMqConnection {
  private model?: Promise<ChannelModel>;
  private live?: ChannelModel;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly connect: Connect = (url) => amqpConnect(url),
    private readonly logger?: Logger,
  ) {}

  get(): Promise<ChannelModel> {
    if (this.closed) return Promise.reject(new Error('job queue is closed'));
    if (!this.model) {
      const opening = this.open();
      this.model = opening;
      opening.catch(() => {
        if (this.model === opening) this.model = undefined;
      });
    }
    return this.model;
  }

  async close(): Promise<void> {
    this.closed = true;
    const model = await this.model?.catch(() => undefined);
    this.model = undefined;
    this.live = undefined;
    await model?.close().catch(() => undefined);
  }

  private async open(): Promise<ChannelModel> {
    const model = await this.connect(this.url);
    // Without an 'error' listener a lost connection would crash the process.
    model.on('error', (error: Error) => this.logger?.warn({ error: error.message }, 'amqp connection error'));
    model.on('close', () => {
      if (this.live !== model) return;
      this.logger?.warn({}, 'amqp connection lost');
      this.live = undefined;
      this.model = undefined;
    });
    if (this.closed) {
      await model.close().catch(() => undefined);
      throw new Error('job queue is closed');
    }
    this.live = model;
    return model;
  }
}
