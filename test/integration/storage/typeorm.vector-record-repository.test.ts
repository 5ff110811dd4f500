import { StorageKind } from '../../../adapters/config/app-config';
import { VECTOR_RECORD_REPOSITORY } from '../../../core/ports/vector-record-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeVectorRecordRepositoryContract } from '../ports/vector-record-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { records: storage.get(VECTOR_RECORD_REPOSITORY), destroy: () => storage.destroy() };
};

describeVectorRecordRepositoryContract('TypeOrmVectorRecordRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmVectorRecordRepository on MariaDB', () =>
  describeVectorRecordRepositoryContract('vector record repository contract', harness('mysql')),
);
