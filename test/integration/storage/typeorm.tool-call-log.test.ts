import { StorageKind } from '../../../adapters/config/app-config';
import { TOOL_CALL_LOG } from '../../../core/ports/tool-call-log.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeToolCallLogContract } from '../ports/tool-call-log.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { log: storage.get(TOOL_CALL_LOG), destroy: () => storage.destroy() };
};

describe('TypeOrmToolCallLog on SQLite', () => {
  describeToolCallLogContract('Tool call log contract', harness('sqlite'));
});
describeWithEnv('DATABASE_URL', 'TypeOrmToolCallLog on MariaDB', () => {
  describeToolCallLogContract('Tool call log contract', harness('mysql'));
});
