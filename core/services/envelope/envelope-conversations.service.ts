import { inject, injectable } from 'inversify';
import { EnvelopeConversation, EnvelopeMessage } from '../../domain/envelope/envelope-conversation.entity';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ENVELOPE_AGENT_REPOSITORY, EnvelopeAgentRepository } from '../../ports/envelope-agent-repository.port';
import { ENVELOPE_CONVERSATION_REPOSITORY, EnvelopeConversationRepository } from '../../ports/envelope-conversation-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { Page, PageRequest } from '../../shared/pagination';
import { checkedPage } from '../knowledge/checked-page';
import { owned } from './envelope-ownership';

export const MAX_CONVERSATION_TITLE_CHARS = 200;

/** A user's conversations with their agents, and their history. */
@injectable()
export class EnvelopeConversations {
  constructor(
    @inject(ENVELOPE_CONVERSATION_REPOSITORY) private readonly conversations: EnvelopeConversationRepository,
    @inject(ENVELOPE_AGENT_REPOSITORY) private readonly agents: EnvelopeAgentRepository,
    @inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** With one of the user's own agents (another's: 403, a missing one: 404). */
  async create(userId: number, agentId: number, title: string | undefined): Promise<EnvelopeConversation> {
    const trimmed = (title ?? '').trim();
    if ([...trimmed].length > MAX_CONVERSATION_TITLE_CHARS) {
      throw new ValidationError(`title: must be at most ${MAX_CONVERSATION_TITLE_CHARS} characters`, [
        { field: 'title', message: `must be at most ${MAX_CONVERSATION_TITLE_CHARS} characters` },
      ]);
    }
    owned(await this.agents.findById(agentId), userId, 'envelope_agent', 'Agent');
    const now = this.clock.now();
    return this.conversations.create({ ownerId: userId, agentId, title: trimmed, createdAt: now, updatedAt: now });
  }

  async get(userId: number, conversationId: number): Promise<EnvelopeConversation> {
    return owned(await this.conversations.findById(conversationId), userId, 'envelope_conversation', 'Conversation');
  }

  /** Oldest first; `page_size` 20 by default, at most 100. */
  async history(userId: number, conversationId: number, page: Partial<PageRequest>): Promise<Page<EnvelopeMessage>> {
    const request = checkedPage(page);
    await this.get(userId, conversationId);
    return this.conversations.listMessages(conversationId, request);
  }
}
