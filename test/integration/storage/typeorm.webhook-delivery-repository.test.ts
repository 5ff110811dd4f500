import { Container } from 'inversify';
import { createContainer } from '../../../adapters/composition/create-container';
import { StorageKind } from '../../../adapters/config/app-config';
import { createStorage } from '../../../adapters/storage/storage.module';
import { TypeOrmWebhookDeliveryRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-webhook-delivery-repository';
import { WEBHOOK_DELIVERY_REPOSITORY, WebhookDeliveryRepository } from '../../../core/ports/webhook-delivery-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestDatabase } from '../../support/test-database';
import { describeWebhookDeliveryRepositoryContract } from '../ports/webhook-delivery-repository.contract';

/** Two storages (connections) on one database: the deliveries as two API processes see them. */
const harness = (kind: StorageKind) => async () => {
  const database = await createTestDatabase(kind);
  const storages = [await createStorage(database.config), await createStorage(database.config)];
  const [mine, other] = storages.map((storage) => {
    const container: Container = createContainer();
    container.loadSync(storage.module);
    return container.get<WebhookDeliveryRepository>(WEBHOOK_DELIVERY_REPOSITORY);
  });
  return {
    deliveries: mine as TypeOrmWebhookDeliveryRepository,
    otherProcess: other,
    destroy: async () => {
      for (const storage of storages) await storage.close();
      await database.destroy();
    },
  };
};

describeWebhookDeliveryRepositoryContract('TypeOrmWebhookDeliveryRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmWebhookDeliveryRepository on MariaDB', () =>
  describeWebhookDeliveryRepositoryContract('webhook delivery repository contract', harness('mysql')),
);
