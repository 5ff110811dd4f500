import { StorageKind } from '../../../adapters/config/app-config';
import { SCHEDULE_REPOSITORY } from '../../../core/ports/schedule-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeScheduleRepositoryContract } from '../ports/schedule-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { schedules: storage.get(SCHEDULE_REPOSITORY), destroy: () => storage.destroy() };
};

describeScheduleRepositoryContract('TypeOrmScheduleRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmScheduleRepository on MariaDB', () =>
  describeScheduleRepositoryContract('schedule repository contract', harness('mysql')),
);
