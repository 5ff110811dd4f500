import { ContainerModule } from 'inversify';
import { LOGGER, Logger } from '../../core/ports/logger.port';
import { RUN_EVENT_FEED, RunEventFeed } from '../../core/ports/run-event-feed.port';
import { AppConfig } from '../config/app-config';
import { InProcessRunEventFeed } from './inprocess/in-process-run-event-feed';
import { RabbitMqRunEventFeed } from './rabbitmq/rabbitmq-run-event-feed';

/** Binds RUN_EVENT_FEED, the live tail of run events: in-process, or a RabbitMQ fan-out with `QUEUE=rabbitmq`. */
export function runEventFeedModule(config: AppConfig): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind(RUN_EVENT_FEED)
      .toDynamicValue((ctx) => createRunEventFeed(config.queue, ctx.get(LOGGER, { optional: true })))
      .inSingletonScope();
  });
}

export function createRunEventFeed(queue: AppConfig['queue'], logger?: Logger): RunEventFeed {
  if (queue.kind === 'rabbitmq') return new RabbitMqRunEventFeed({ url: queue.amqpUrl, prefix: queue.prefix, logger });
  return new InProcessRunEventFeed(logger);
}
