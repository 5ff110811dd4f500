import { StorageKind } from '../../../adapters/config/app-config';
import { CHAT_BRANCH_REPOSITORY } from '../../../core/ports/chat-branch-repository.port';
import { CHAT_SESSION_REPOSITORY } from '../../../core/ports/chat-session-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeChatBranchRepositoryContract } from '../ports/chat-branch-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { branches: storage.get(CHAT_BRANCH_REPOSITORY), sessions: storage.get(CHAT_SESSION_REPOSITORY), destroy: () => storage.destroy() };
};

describeChatBranchRepositoryContract('TypeOrmChatBranchRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmChatBranchRepository on MariaDB', () =>
  describeChatBranchRepositoryContract('chat branch repository contract', harness('mysql')),
);
