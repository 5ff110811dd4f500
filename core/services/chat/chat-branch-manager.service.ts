import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { ChatBranch } from '../../domain/chat/chat-branch.entity';
import { ChatBranchNotFoundError } from '../../domain/chat/chat-branch.errors';
import { ChatMessageRecord, NewChatMessage } from '../../domain/chat/chat-message.entity';
import { ChatSessionNotFoundError } from '../../domain/chat/chat.errors';
import { CHAT_BRANCH_REPOSITORY, ChatBranchRepository } from '../../ports/chat-branch-repository.port';
import { CHAT_SESSION_REPOSITORY, ChatSessionRepository } from '../../ports/chat-session-repository.port';
import { CLOCK, Clock } from '../../ports/clock.port';
import { ID_GENERATOR, IdGenerator } from '../../ports/id-generator.port';
import { ValidationError } from '../../shared/common.errors';
import { offsetOf, Page } from '../../shared/pagination';
import { checkPageRequest } from '../tools/page-request';

export const MAX_BRANCH_NAME_CHARS = 200;
// Messages read per query while copying or showing a conversation.
const READ_PAGE = 100;

export interface BranchRequest {
  sessionId: string;
  name?: string;
  /** 0-based, oldest first; the last message when absent. */
  messageIndex?: number;
}

export interface BranchWithMessages {
  branch: ChatBranch;
  /** Every message of the branch, oldest first. */
  messages: ChatMessageRecord[];
}

/**
 * Conversation branches of the caller's chat sessions (docs/chat.md, "Branches"): a branch is a
 * new session holding a copy of its parent up to one message. Sessions and branches are their
 * owner's alone: another user's is not found.
 */
@injectable()
export class ChatBranchManager {
  constructor(
    @inject(CHAT_BRANCH_REPOSITORY) private readonly branches: ChatBranchRepository,
    @inject(CHAT_SESSION_REPOSITORY) private readonly sessions: ChatSessionRepository,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async create(actor: Actor, request: BranchRequest): Promise<BranchWithMessages> {
    const name = request.name?.trim();
    if (name !== undefined && (name === '' || name.length > MAX_BRANCH_NAME_CHARS)) {
      throw new ValidationError('Invalid branch', [{ field: 'name', message: `must be 1 to ${MAX_BRANCH_NAME_CHARS} characters` }]);
    }
    const session = await this.sessions.findSession(request.sessionId);
    if (!session || session.ownerId !== actor.userId) throw new ChatSessionNotFoundError(request.sessionId);
    const { total } = await this.sessions.listMessages(session.id, 0, 1);
    const index = request.messageIndex ?? total - 1;
    if (!Number.isInteger(index) || index < 0 || index >= total) {
      const range = total === 0 ? 'the session has no messages yet' : `must be an integer from 0 to ${total - 1}`;
      throw new ValidationError('Invalid branch', [{ field: 'message_index', message: range }]);
    }
    const copied = await this.readMessages(session.id, index + 1);
    const now = this.clock.now();
    const branch: ChatBranch = {
      id: this.ids.uuid(),
      ownerId: actor.userId,
      parentSessionId: session.id,
      agentId: session.agentId,
      name: name ?? `Branch at message ${index}`,
      messageIndex: index,
      createdAt: now,
    };
    await this.branches.create(
      branch,
      copied.map((message) => this.copyOf(message)),
    );
    return { branch, messages: await this.readMessages(branch.id, index + 1) };
  }

  async list(actor: Actor, query: { sessionId?: string; page?: number; pageSize?: number }): Promise<Page<ChatBranch>> {
    const { request, issues } = checkPageRequest(query.page, query.pageSize);
    if (issues.length > 0) throw new ValidationError('Invalid pagination', issues);
    const { items, total } = await this.branches.list(actor.userId, query.sessionId, offsetOf(request), request.pageSize);
    return { items, total, ...request };
  }

  async get(actor: Actor, branchId: string): Promise<BranchWithMessages> {
    const branch = await this.owned(actor, branchId);
    return { branch, messages: await this.readMessages(branch.id, Number.MAX_SAFE_INTEGER) };
  }

  async delete(actor: Actor, branchId: string): Promise<void> {
    const branch = await this.owned(actor, branchId);
    await this.branches.delete(branch.id);
  }

  /** The caller's branch, or `ChatBranchNotFoundError`. */
  async owned(actor: Actor, branchId: string): Promise<ChatBranch> {
    const branch = await this.branches.find(branchId);
    if (!branch || branch.ownerId !== actor.userId) throw new ChatBranchNotFoundError(branchId);
    return branch;
  }

  /** The first `count` messages of the session, oldest first, read page by page. */
  private async readMessages(sessionId: string, count: number): Promise<ChatMessageRecord[]> {
    const messages: ChatMessageRecord[] = [];
    for (;;) {
      const limit = Math.min(READ_PAGE, count - messages.length);
      if (limit <= 0) return messages;
      const { items } = await this.sessions.listMessages(sessionId, messages.length, limit);
      messages.push(...items);
      if (items.length < limit) return messages;
    }
  }

  private copyOf(message: ChatMessageRecord): NewChatMessage {
    const { id: _id, sessionId: _sessionId, position: _position, ...rest } = message;
    return { ...rest, id: this.ids.uuid() };
  }
}
