import amqp from 'amqplib';
import { AppConfig } from '../../adapters/config/app-config';
import { nextStep } from '../../adapters/queue/rabbitmq/next-step';
import { RabbitMqTopology } from '../../adapters/queue/rabbitmq/rabbitmq-topology';

/** The job types the platform's workers consume. */
const JOB_TYPES = ['execution.run', 'audit.record', 'schedule.fire', 'knowledge.ingest', 'goal.advance'];

/**
 * Deletes what a test's `QUEUE_PREFIX` left on the broker: each job type's work, dead-letter and
 * back-off queues (a worker killed holding a job leaves one), and the run-event exchange.
 */
export async function deletePrefixedTopology(amqpUrl: string, queue: Pick<AppConfig['queue'], 'prefix' | 'maxAttempts' | 'retryBaseMs'>): Promise<void> {
  const topology = new RabbitMqTopology(queue.prefix);
  const names = JOB_TYPES.flatMap((type) => [topology.workQueue(type), topology.deadQueue(type), ...retryQueues(topology, type, queue)]);
  const connection = await amqp.connect(amqpUrl);
  try {
    // A failed delete closes its channel: one channel per name.
    for (const name of names) await withChannel(connection, (channel) => channel.deleteQueue(name));
    await withChannel(connection, (channel) => channel.deleteExchange(`${queue.prefix}.run-events`));
  } finally {
    await connection.close();
  }
}

function retryQueues(topology: RabbitMqTopology, type: string, queue: Pick<AppConfig['queue'], 'maxAttempts' | 'retryBaseMs'>): string[] {
  const names: string[] = [];
  for (let attempt = 1; attempt < queue.maxAttempts; attempt += 1) {
    const step = nextStep(attempt, queue.maxAttempts, queue.retryBaseMs);
    if (step.kind === 'retry') names.push(topology.retryQueue(type, step.delayMs));
  }
  return names;
}

async function withChannel(connection: amqp.ChannelModel, act: (channel: amqp.Channel) => Promise<unknown>): Promise<void> {
  const channel = await connection.createChannel();
  await act(channel).catch(() => undefined);
  await channel.close().catch(() => undefined);
}
