import { StorageKind } from '../../../adapters/config/app-config';
import { NOTIFICATION_REPOSITORY } from '../../../core/ports/notification-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeNotificationRepositoryContract } from '../ports/notification-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { notifications: storage.get(NOTIFICATION_REPOSITORY), destroy: () => storage.destroy() };
};

describeNotificationRepositoryContract('TypeOrmNotificationRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmNotificationRepository on MariaDB', () =>
  describeNotificationRepositoryContract('notification repository contract', harness('mysql')),
);
