import { ContainerModule } from 'inversify';
import { JOB_QUEUE, JobQueue } from '../../core/ports/job-queue.port';
import { Logger, LOGGER } from '../../core/ports/logger.port';
import { AppConfig } from '../config/app-config';
import { InProcessJobQueue } from './inprocess/in-process-job-queue';
import { RabbitMqJobQueue } from './rabbitmq/rabbitmq-job-queue';

/** Binds JOB_QUEUE to the queue `QUEUE` names; the RabbitMQ one connects on first use. */
export function queueModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(JOB_QUEUE)
      .toDynamicValue((ctx) => createJobQueue(config.queue, ctx.get(LOGGER, { optional: true })))
      .inSingletonScope();
  });
}

export function createJobQueue(queue: AppConfig['queue'], logger?: Logger): JobQueue {
  const { maxAttempts, retryBaseMs, prefetch } = queue;
  if (queue.kind === 'rabbitmq') {
    return new RabbitMqJobQueue({ url: queue.amqpUrl, prefix: queue.prefix, maxAttempts, retryBaseMs, prefetch, logger });
  }
  return new InProcessJobQueue({ maxAttempts, retryBaseMs, defaultConcurrency: prefetch, logger });
}
