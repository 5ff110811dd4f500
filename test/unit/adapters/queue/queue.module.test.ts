import { Container } from 'inversify';
import { InProcessJobQueue } from '../../../../adapters/queue/inprocess/in-process-job-queue';
import { queueModule } from '../../../../adapters/queue/queue.module';
import { RabbitMqJobQueue } from '../../../../adapters/queue/rabbitmq/rabbitmq-job-queue';
import { AppConfig } from '../../../../adapters/config/app-config';
import { JOB_QUEUE } from '../../../../core/ports/job-queue.port';

function configWith(kind: AppConfig['queue']['kind']): AppConfig {
  const queue: AppConfig['queue'] = { kind, amqpUrl: 'amqp://127.0.0.1:1', prefix: 'p', maxAttempts: 3, retryBaseMs: 10, prefetch: 4 };
  return { queue } as AppConfig;
}

describe('queueModule', () => {
  it.each([
    ['inprocess', InProcessJobQueue],
    ['rabbitmq', RabbitMqJobQueue],
  ] as const)('When QUEUE=%s, Then JOB_QUEUE is one shared instance of that adapter', (kind, adapter) => {
    const container = new Container();
    container.loadSync(queueModule(configWith(kind)));

    const queue = container.get(JOB_QUEUE);

    expect(queue).toBeInstanceOf(adapter);
    expect(container.get(JOB_QUEUE)).toBe(queue);
  });
});
