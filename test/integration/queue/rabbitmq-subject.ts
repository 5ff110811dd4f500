import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { RabbitMqJobQueue, RabbitMqJobQueueOptions } from '../../../adapters/queue/rabbitmq/rabbitmq-job-queue';
import { nextStep } from '../../../adapters/queue/rabbitmq/next-step';
import { RabbitMqTopology } from '../../../adapters/queue/rabbitmq/rabbitmq-topology';
import { JobQueue } from '../../../core/ports/job-queue.port';
import { JobQueueSettings, JobQueueSubject } from '../ports/job-queue.contract';

/**
 * A RabbitMQ queue under a prefix of its own, so runs never collide; `dispose` deletes every
 * queue the job types it saw can have (work, dead-letter and one per back-off delay).
 */
export async function makeRabbitMqSubject(
  url: string,
  settings: JobQueueSettings,
  extra: Partial<RabbitMqJobQueueOptions> = {},
): Promise<JobQueueSubject & { prefix: string; types: Set<string> }> {
  const prefix = `test.${randomUUID().slice(0, 8)}`;
  const types = new Set<string>();
  const inner = new RabbitMqJobQueue({ url, prefix, ...settings, reconnectDelayMs: 50, ...extra });
  const queue: JobQueue = {
    publish: (type, payload, options) => (types.add(type), inner.publish(type, payload, options)),
    consume: (type, handler, options) => (types.add(type), inner.consume(type, handler, options)),
    deadLetters: (type) => (types.add(type), inner.deadLetters(type)),
    close: () => inner.close(),
  };
  const dispose = async (): Promise<void> => {
    await inner.close();
    await deleteQueues(url, queueNames(prefix, types, settings));
  };
  return { queue, dispose, prefix, types };
}

export function queueNames(prefix: string, types: Iterable<string>, settings: JobQueueSettings): string[] {
  const topology = new RabbitMqTopology(prefix);
  const names: string[] = [];
  for (const type of types) {
    names.push(topology.workQueue(type), topology.deadQueue(type));
    for (let attempt = 1; attempt < settings.maxAttempts; attempt++) {
      const step = nextStep(attempt, settings.maxAttempts, settings.retryBaseMs);
      if (step.kind === 'retry') names.push(topology.retryQueue(type, step.delayMs));
    }
  }
  return names;
}

export async function deleteQueues(url: string, names: string[]): Promise<void> {
  const model = await connect(url);
  try {
    const channel = await model.createChannel();
    for (const name of names) await channel.deleteQueue(name);
  } finally {
    await model.close();
  }
}
