import { StorageKind } from '../../../adapters/config/app-config';
import { GOAL_REPOSITORY } from '../../../core/ports/goal-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeGoalRepositoryContract } from '../ports/goal-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { goals: storage.get(GOAL_REPOSITORY), destroy: () => storage.destroy() };
};

describeGoalRepositoryContract('TypeOrmGoalRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmGoalRepository on MariaDB', () => describeGoalRepositoryContract('goal repository contract', harness('mysql')));
