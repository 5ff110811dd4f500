import { StorageKind } from '../../../adapters/config/app-config';
import { APPROVAL_REPOSITORY } from '../../../core/ports/approval-repository.port';
import { EXECUTION_REPOSITORY } from '../../../core/ports/execution-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeApprovalRepositoryContract } from '../ports/approval-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { approvals: storage.get(APPROVAL_REPOSITORY), executions: storage.get(EXECUTION_REPOSITORY), destroy: () => storage.destroy() };
};

describeApprovalRepositoryContract('TypeOrmApprovalRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmApprovalRepository on MariaDB', () =>
  describeApprovalRepositoryContract('approval repository contract', harness('mysql')),
);
