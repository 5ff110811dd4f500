import { StorageKind } from '../../../adapters/config/app-config';
import { AUDIT_LOG_REPOSITORY } from '../../../core/ports/audit-log-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeAuditLogRepositoryContract } from '../ports/audit-log-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { auditLog: storage.get(AUDIT_LOG_REPOSITORY), destroy: () => storage.destroy() };
};

describeAuditLogRepositoryContract('TypeOrmAuditLogRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmAuditLogRepository on MariaDB', () =>
  describeAuditLogRepositoryContract('audit log repository contract', harness('mysql')),
);
