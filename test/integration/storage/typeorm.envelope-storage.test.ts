import { StorageKind } from '../../../adapters/config/app-config';
import { ENVELOPE_AGENT_REPOSITORY } from '../../../core/ports/envelope-agent-repository.port';
import { ENVELOPE_CONVERSATION_REPOSITORY } from '../../../core/ports/envelope-conversation-repository.port';
import { ENVELOPE_KNOWLEDGE_REPOSITORY } from '../../../core/ports/envelope-knowledge-repository.port';
import { KNOWLEDGE_BASE_REPOSITORY } from '../../../core/ports/knowledge-base-repository.port';
import { KNOWLEDGE_DOCUMENT_REPOSITORY } from '../../../core/ports/knowledge-document-repository.port';
import { ENVELOPE_REFRESH_TOKEN_REPOSITORY, EnvelopeRefreshTokenRepository } from '../../../core/ports/envelope-refresh-token-repository.port';
import { ExpiredStateSweeper } from '../../../core/ports/expired-state-sweeper.port';
import { ENVELOPE_USER_REPOSITORY } from '../../../core/ports/envelope-user-repository.port';
import { describeWithEnv } from '../../support/infrastructure';
import { createTestStorage } from '../../support/test-database';
import { describeEnvelopeStorageContract } from '../ports/envelope-storage.contract';

const harness = (kind: StorageKind) => async () => {
  const storage = await createTestStorage(kind);
  return {
    users: storage.get(ENVELOPE_USER_REPOSITORY),
    refreshTokens: storage.get(ENVELOPE_REFRESH_TOKEN_REPOSITORY) as EnvelopeRefreshTokenRepository & ExpiredStateSweeper,
    agents: storage.get(ENVELOPE_AGENT_REPOSITORY),
    conversations: storage.get(ENVELOPE_CONVERSATION_REPOSITORY),
    knowledge: storage.get(ENVELOPE_KNOWLEDGE_REPOSITORY),
    knowledgeBases: storage.get(KNOWLEDGE_BASE_REPOSITORY),
    knowledgeDocuments: storage.get(KNOWLEDGE_DOCUMENT_REPOSITORY),
    destroy: () => storage.destroy(),
  };
};

describeEnvelopeStorageContract('TypeORM envelope storage on SQLite', harness('sqlite'));
describeWithEnv('DATABASE_URL', 'TypeORM envelope storage on MariaDB', () => describeEnvelopeStorageContract('envelope storage contract', harness('mysql')));
