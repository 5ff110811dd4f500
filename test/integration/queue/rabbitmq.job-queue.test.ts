import { describeWithEnv } from '../../support/infrastructure';
import { describeJobQueueContract } from '../ports/job-queue.contract';
import { makeRabbitMqSubject } from './rabbitmq-subject';

describeWithEnv('AMQP_URL', 'RabbitMqJobQueue contract', (url) => {
  describeJobQueueContract('RabbitMqJobQueue', (settings) => makeRabbitMqSubject(url, settings));
});
