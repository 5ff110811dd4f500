import { StorageKind } from '../../../adapters/config/app-config';
import { CHAT_SESSION_REPOSITORY } from '../../../core/ports/chat-session-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeChatSessionRepositoryContract } from '../ports/chat-session-repository.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return { sessions: storage.get(CHAT_SESSION_REPOSITORY), destroy: () => storage.destroy() };
};

describeChatSessionRepositoryContract('TypeOrmChatSessionRepository on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeOrmChatSessionRepository on MariaDB', () =>
  describeChatSessionRepositoryContract('chat session repository contract', harness('mysql')),
);
