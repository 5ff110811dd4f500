import { StorageKind } from '../../../adapters/config/app-config';
import { AGENT_REPOSITORY } from '../../../core/ports/agent-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeAgentRepositoryContract } from '../ports/agent-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { agents: storage.get(AGENT_REPOSITORY), destroy: () => storage.destroy() };
};

describeAgentRepositoryContract('TypeOrmAgentRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmAgentRepository on MariaDB', () => describeAgentRepositoryContract('agent repository contract', harness('mysql')));
