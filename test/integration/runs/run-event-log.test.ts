import { randomUUID } from 'node:crypto';
import { StorageKind } from '../../../adapters/config/app-config';
import { InProcessRunEventFeed } from '../../../adapters/queue/inprocess/in-process-run-event-feed';
import { RabbitMqRunEventFeed } from '../../../adapters/queue/rabbitmq/rabbitmq-run-event-feed';
import { JournaledRunEventLog } from '../../../adapters/runs/journaled-run-event-log';
import { DEFAULT_RUN_EVENT_LOG_SETTINGS } from '../../../adapters/runs/run-event-log-settings';
import { RunEventFeed } from '../../../core/ports/run-event-feed.port';
import { RUN_EVENT_STORE } from '../../../core/ports/run-event-store.port';
import { TypeOrmRunEventStore } from '../../../adapters/storage/typeorm/repositories/typeorm-run-event-store';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeRunEventLogContract, RunEventLogSubject } from '../ports/run-event-log.contract';

type FeedKind = 'inprocess' | 'rabbitmq';

// With in-process feeds the "other process" sees the run through the store only, so it polls often;
// with RabbitMQ it must see it through the broker, so its idle poll is longer than any test.
const settings = { ...DEFAULT_RUN_EVENT_LOG_SETTINGS, idlePollMs: 50 };
const brokerReaderSettings = { ...settings, idlePollMs: 600_000 };
const clock = { now: () => new Date() };

const harness = (storage: StorageKind, feed: FeedKind) => async (): Promise<RunEventLogSubject> => {
  const database = await createTestStorage(storage);
  const store = database.get(RUN_EVENT_STORE) as TypeOrmRunEventStore;
  const prefix = `test.${randomUUID().slice(0, 8)}`;
  const feeds: RunEventFeed[] = [];
  const newFeed = (): RunEventFeed => {
    const created = feed === 'rabbitmq' ? new RabbitMqRunEventFeed({ url: process.env.AMQP_URL ?? '', prefix }) : new InProcessRunEventFeed();
    feeds.push(created);
    return created;
  };
  const newLog = (logSettings = settings) => new JournaledRunEventLog(store, newFeed(), clock, logSettings);
  return {
    writer: newLog(),
    reader: newLog(feed === 'rabbitmq' ? brokerReaderSettings : settings),
    restarted: () => newLog(),
    sweeper: store,
    retentionMs: settings.retentionMs,
    destroy: async () => {
      await Promise.all(feeds.map((f) => f.close()));
      await database.destroy();
    },
  };
};

describeRunEventLogContract('Run event log on SQLite with the in-process feed', harness('sqlite', 'inprocess'));
describeWithEnv('AMQP_URL', 'Run event log on SQLite with the RabbitMQ feed', () =>
  describeRunEventLogContract('run event log contract', harness('sqlite', 'rabbitmq')),
);
describeWithEnv('DATABASE_URL', 'Run event log on MariaDB with the in-process feed', () =>
  describeRunEventLogContract('run event log contract', harness('mysql', 'inprocess')),
);
describeWithEnv('DATABASE_URL', 'Run event log on MariaDB with the RabbitMQ feed', () =>
  describeWithEnv('AMQP_URL', 'and RabbitMQ', () => describeRunEventLogContract('run event log contract', harness('mysql', 'rabbitmq'))),
);
