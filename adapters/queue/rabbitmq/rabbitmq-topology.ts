import { Options } from 'amqplib';

const JOB_TYPE = /^[A-Za-z0-9_:-][A-Za-z0-9_.:-]{0,199}$/;

/**
 * Queue names and arguments for one prefix. Per job type: the durable work queue
 * `<prefix>.<type>`, its dead-letter queue `<prefix>.<type>.dead`, and one delay queue per
 * back-off step whose expired messages RabbitMQ moves back to the work queue. Every message in a
 * delay queue has the same TTL, so they expire in order (a classic queue only expires its head).
 */
export class RabbitMqTopology {
  constructor(private readonly prefix: string) {}

  workQueue(type: string): string {
    if (!JOB_TYPE.test(type)) throw new Error(`invalid job type "${type}"`);
    return `${this.prefix}.${type}`;
  }

  deadQueue(type: string): string {
    return `${this.workQueue(type)}.dead`;
  }

  /** Named by its delay so a change of `retryBaseMs` never redeclares a queue with other arguments. */
  retryQueue(type: string, delayMs: number): string {
    return `${this.workQueue(type)}.retry.${delayMs}ms`;
  }

  durable(): Options.AssertQueue {
    return { durable: true };
  }

  retryQueueOptions(type: string, delayMs: number): Options.AssertQueue {
    return {
      durable: true,
      arguments: {
        'x-message-ttl': delayMs,
        'x-dead-letter-exchange': '',
        'x-dead-letter-routing-key': this.workQueue(type),
      },
    };
  }
}
