import { inject, injectable } from 'inversify';
import { AgentNotFoundError } from '../../domain/agent/agent.errors';
import { Actor } from '../../domain/auth/actor';
import { ChatMessageRecord } from '../../domain/chat/chat-message.entity';
import { ChatSessionNotFoundError } from '../../domain/chat/chat.errors';
import { AGENT_REPOSITORY, AgentRepository } from '../../ports/agent-repository.port';
import { CHAT_SESSION_REPOSITORY, ChatSessionRepository } from '../../ports/chat-session-repository.port';
import { ValidationError } from '../../shared/common.errors';
import { offsetOf, Page } from '../../shared/pagination';
import { canUseAgent } from '../agents/agent-access';
import { checkPageRequest } from '../tools/page-request';

export interface ChatHistory {
  /** The session shown; null when the caller has never chatted with the agent. */
  sessionId: string | null;
  messages: Page<ChatMessageRecord>;
}

/** The caller's conversation with an agent, oldest message first (`GET /agents/{agent_id}/preview-chat-history`). */
@injectable()
export class ChatHistoryReader {
  constructor(
    @inject(AGENT_REPOSITORY) private readonly agents: AgentRepository,
    @inject(CHAT_SESSION_REPOSITORY) private readonly sessions: ChatSessionRepository,
  ) {}

  /** The given session, or the caller's latest with the agent. Another user's session, or one with another agent, is not found. */
  async read(actor: Actor, agentId: string, query: { sessionId?: string; page?: number; pageSize?: number }): Promise<ChatHistory> {
    const { request, issues } = checkPageRequest(query.page, query.pageSize);
    if (issues.length > 0) throw new ValidationError('Invalid pagination', issues);
    const agent = await this.agents.findById(agentId);
    if (!agent || !canUseAgent(actor, agent)) throw new AgentNotFoundError(agentId);
    const session = query.sessionId === undefined ? await this.sessions.latestSession(actor.userId, agentId) : await this.sessions.findSession(query.sessionId);
    if (query.sessionId !== undefined && (!session || session.ownerId !== actor.userId || session.agentId !== agentId)) {
      throw new ChatSessionNotFoundError(query.sessionId);
    }
    if (!session) return { sessionId: null, messages: { items: [], total: 0, ...request } };
    const { items, total } = await this.sessions.listMessages(session.id, offsetOf(request), request.pageSize);
    return { sessionId: session.id, messages: { items, total, ...request } };
  }
}
