import { StorageKind } from '../../../adapters/config/app-config';
import { LLM_CALL_LOG } from '../../../core/ports/llm-call-log.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeLlmCallLogContract } from '../ports/llm-call-log.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { log: storage.get(LLM_CALL_LOG), destroy: () => storage.destroy() };
};

describe('TypeOrmLlmCallLog on SQLite', () => {
  describeLlmCallLogContract('LLM call log contract', harness('sqlite'));
});
describeWithEnv('DATABASE_URL', 'TypeOrmLlmCallLog on MariaDB', () => {
  describeLlmCallLogContract('LLM call log contract', harness('mysql'));
});
