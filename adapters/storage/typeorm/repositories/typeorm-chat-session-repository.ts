import { ChatMessageRecord, ChatMessageStatus, NewChatMessage } from '../../../../core/domain/chat/chat-message.entity';
import { ChatSession } from '../../../../core/domain/chat/chat-session.entity';
import { ChatSessionRepository } from '../../../../core/ports/chat-session-repository.port';
import { JsonValue } from '../../../../core/shared/json';
import { ChatMessageOrmEntity } from '../entities/chat-message.orm-entity';
import { ChatSessionOrmEntity } from '../entities/chat-session.orm-entity';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmChatSessionRepository implements ChatSessionRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async createSession(session: ChatSession): Promise<void> {
    await this.managers.use((manager) => manager.insert(ChatSessionOrmEntity, { ...session, agentId: session.agentId ?? '' }));
  }

  async findSession(id: string): Promise<ChatSession | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(ChatSessionOrmEntity, { id }));
    return row ? toSession(row) : undefined;
  }

  async latestSession(ownerId: string, agentId: string | null): Promise<ChatSession | undefined> {
    const row = await this.managers.use((manager) =>
      manager.findOne(ChatSessionOrmEntity, { where: { ownerId, agentId: agentId ?? '' }, order: { updatedAt: 'DESC', id: 'ASC' } }),
    );
    return row ? toSession(row) : undefined;
  }

  /** Touching the session first takes its row lock on MySQL, so concurrent turns number their messages one after the other. */
  async appendMessages(sessionId: string, messages: ReadonlyArray<NewChatMessage>, now: Date): Promise<void> {
    await this.managers.transaction(async (manager) => {
      await manager.update(ChatSessionOrmEntity, { id: sessionId }, { updatedAt: now });
      const last = await manager
        .createQueryBuilder(ChatMessageOrmEntity, 'm')
        .select('MAX(m.position)', 'last')
        .where('m.session_id = :sessionId', { sessionId })
        .getRawOne<{ last: number | string | null }>();
      const first = last?.last === null || last?.last === undefined ? 0 : Number(last.last) + 1;
      if (messages.length === 0) return;
      const rows = messages.map(({ content, toolCalls, runId, ...message }, index) => ({
        ...message,
        sessionId,
        position: first + index,
        body: { content, toolCalls },
        runId: runId ?? '',
      }));
      await manager.insert(ChatMessageOrmEntity, rows);
    });
  }

  async recentMessages(sessionId: string, limit: number): Promise<ChatMessageRecord[]> {
    if (limit <= 0) return [];
    const rows = await this.managers.use((manager) => manager.find(ChatMessageOrmEntity, { where: { sessionId }, order: { position: 'DESC' }, take: limit }));
    return rows.reverse().map(toMessage);
  }

  async listMessages(sessionId: string, offset: number, limit: number): Promise<{ items: ChatMessageRecord[]; total: number }> {
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(ChatMessageOrmEntity, { where: { sessionId }, order: { position: 'ASC' }, skip: offset, take: limit }),
    );
    return { items: rows.map(toMessage), total };
  }
}

function toSession(row: ChatSessionOrmEntity): ChatSession {
  return { id: row.id, ownerId: row.ownerId, agentId: row.agentId === '' ? null : row.agentId, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

interface MessageBody {
  content: string;
  toolCalls: JsonValue[];
}

function toMessage(row: ChatMessageOrmEntity): ChatMessageRecord {
  const body = row.body as MessageBody;
  return {
    id: row.id,
    sessionId: row.sessionId,
    position: Number(row.position),
    role: row.role as ChatMessageRecord['role'],
    content: body.content,
    status: row.status as ChatMessageStatus,
    toolCalls: body.toolCalls,
    runId: row.runId === '' ? null : row.runId,
    createdAt: row.createdAt,
  };
}
