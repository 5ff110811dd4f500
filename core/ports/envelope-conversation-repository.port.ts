import { EnvelopeConversation, EnvelopeMessage, NewEnvelopeConversation, NewEnvelopeMessage } from '../domain/envelope/envelope-conversation.entity';
import { Page, PageRequest } from '../shared/pagination';
import { token } from '../shared/token';

export interface EnvelopeConversationRepository {
  create(conversation: NewEnvelopeConversation): Promise<EnvelopeConversation>;
  findById(id: number): Promise<EnvelopeConversation | null>;
  /** Appends the messages in order, in one transaction, and moves the conversation's `updatedAt`. */
  appendMessages(conversationId: number, messages: NewEnvelopeMessage[], now: Date): Promise<void>;
  /** Oldest first. */
  listMessages(conversationId: number, page: PageRequest): Promise<Page<EnvelopeMessage>>;
  /** The last `limit` messages, oldest first (a reply's context). */
  recentMessages(conversationId: number, limit: number): Promise<EnvelopeMessage[]>;
}

export const ENVELOPE_CONVERSATION_REPOSITORY = token<EnvelopeConversationRepository>('EnvelopeConversationRepository');
