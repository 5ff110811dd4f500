import { ChatMessageRecord, NewChatMessage } from '../domain/chat/chat-message.entity';
import { ChatSession } from '../domain/chat/chat-session.entity';
import { token } from '../shared/token';

/** Chat sessions and their messages. Access rules live in the services. */
export interface ChatSessionRepository {
  createSession(session: ChatSession): Promise<void>;

  findSession(id: string): Promise<ChatSession | undefined>;

  /** The owner's most recently updated session with the agent (`null`: bare chat). */
  latestSession(ownerId: string, agentId: string | null): Promise<ChatSession | undefined>;

  /** Appends the messages after the session's last, in order, and sets its `updatedAt`; safe against concurrent appends. */
  appendMessages(sessionId: string, messages: ReadonlyArray<NewChatMessage>, now: Date): Promise<void>;

  /** The last `limit` messages, oldest first. */
  recentMessages(sessionId: string, limit: number): Promise<ChatMessageRecord[]>;

  /** A page of the session's messages, oldest first, and how many it has. */
  listMessages(sessionId: string, offset: number, limit: number): Promise<{ items: ChatMessageRecord[]; total: number }>;
}

export const CHAT_SESSION_REPOSITORY = token<ChatSessionRepository>('ChatSessionRepository');
