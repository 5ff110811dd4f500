import { StorageKind } from '../../../adapters/config/app-config';
import { TypeOrmRunRepository } from '../../../adapters/storage/typeorm/repositories/typeorm-run-repository';
import { EXPIRED_STATE_SWEEPER } from '../../../core/ports/expired-state-sweeper.port';
import { RUN_REPOSITORY } from '../../../core/ports/run-repository.port';
import { RUN_EVENT_STORE } from '../../../core/ports/run-event-store.port';
import { createContainer } from '../../../adapters/composition/create-container';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeRunRepositoryContract } from '../ports/run-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  const runs = storage.get(RUN_REPOSITORY) as TypeOrmRunRepository;
  return { runs, destroy: () => storage.destroy() };
};

describeRunRepositoryContract('TypeOrmRunRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmRunRepository on MariaDB', () => describeRunRepositoryContract('run repository contract', harness('mysql')));

describe('Runs in the storage module', () => {
  it('When the storage module is loaded, Then the runs and the run event store are expiry sweepers', async () => {
    const storage = await createTestStorage('sqlite');
    try {
      const container = createContainer();
      container.loadSync(storage.module);
      const sweepers = container.getAll(EXPIRED_STATE_SWEEPER);
      expect(sweepers).toContain(container.get(RUN_REPOSITORY));
      expect(sweepers).toContain(container.get(RUN_EVENT_STORE));
    } finally {
      await storage.destroy();
    }
  });
});
