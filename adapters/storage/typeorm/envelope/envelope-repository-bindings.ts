import { Bind } from 'inversify';
import { ENVELOPE_AGENT_REPOSITORY, EnvelopeAgentRepository } from '../../../../core/ports/envelope-agent-repository.port';
import { ENVELOPE_CONVERSATION_REPOSITORY, EnvelopeConversationRepository } from '../../../../core/ports/envelope-conversation-repository.port';
import { ENVELOPE_KNOWLEDGE_REPOSITORY, EnvelopeKnowledgeRepository } from '../../../../core/ports/envelope-knowledge-repository.port';
import { ENVELOPE_REFRESH_TOKEN_REPOSITORY, EnvelopeRefreshTokenRepository } from '../../../../core/ports/envelope-refresh-token-repository.port';
import { ENVELOPE_USER_REPOSITORY, EnvelopeUserRepository } from '../../../../core/ports/envelope-user-repository.port';
import { EXPIRED_STATE_SWEEPER, ExpiredStateSweeper } from '../../../../core/ports/expired-state-sweeper.port';
import { ManagerProvider } from '../manager-provider';
import { TypeOrmEnvelopeAgentRepository } from './typeorm-envelope-agent-repository';
import { TypeOrmEnvelopeConversationRepository } from './typeorm-envelope-conversation-repository';
import { TypeOrmEnvelopeKnowledgeRepository } from './typeorm-envelope-knowledge-repository';
import { TypeOrmEnvelopeRefreshTokenRepository } from './typeorm-envelope-refresh-token-repository';
import { TypeOrmEnvelopeUserRepository } from './typeorm-envelope-user-repository';

/** The envelope contract's repositories (users, refresh tokens, agents, conversations, knowledge links). */
export function bindEnvelopeRepositories(bind: Bind, managers: ManagerProvider): void {
  bind<EnvelopeUserRepository>(ENVELOPE_USER_REPOSITORY).toConstantValue(new TypeOrmEnvelopeUserRepository(managers));
  const refreshTokens = new TypeOrmEnvelopeRefreshTokenRepository(managers);
  bind<EnvelopeRefreshTokenRepository>(ENVELOPE_REFRESH_TOKEN_REPOSITORY).toConstantValue(refreshTokens);
  bind<ExpiredStateSweeper>(EXPIRED_STATE_SWEEPER).toConstantValue(refreshTokens);
  bind<EnvelopeAgentRepository>(ENVELOPE_AGENT_REPOSITORY).toConstantValue(new TypeOrmEnvelopeAgentRepository(managers));
  bind<EnvelopeConversationRepository>(ENVELOPE_CONVERSATION_REPOSITORY).toConstantValue(new TypeOrmEnvelopeConversationRepository(managers));
  bind<EnvelopeKnowledgeRepository>(ENVELOPE_KNOWLEDGE_REPOSITORY).toConstantValue(new TypeOrmEnvelopeKnowledgeRepository(managers));
}
