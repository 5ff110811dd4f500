import { ChatBranch } from '../../../../core/domain/chat/chat-branch.entity';
import { NewChatMessage } from '../../../../core/domain/chat/chat-message.entity';
import { ChatBranchRepository } from '../../../../core/ports/chat-branch-repository.port';
import { ChatBranchOrmEntity } from '../entities/chat-branch.orm-entity';
import { ChatMessageOrmEntity } from '../entities/chat-message.orm-entity';
import { ChatSessionOrmEntity } from '../entities/chat-session.orm-entity';
import { ManagerProvider } from '../manager-provider';

// Rows per INSERT when copying a conversation: keeps each statement well under the drivers' parameter limits.
const INSERT_CHUNK = 100;

export class TypeOrmChatBranchRepository implements ChatBranchRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(branch: ChatBranch, messages: ReadonlyArray<NewChatMessage>): Promise<void> {
    const agentId = branch.agentId ?? '';
    await this.managers.transaction(async (manager) => {
      const { id, ownerId, createdAt } = branch;
      await manager.insert(ChatSessionOrmEntity, { id, ownerId, agentId, createdAt, updatedAt: createdAt });
      const rows = messages.map(({ content, toolCalls, runId, ...message }, position) => ({
        ...message,
        sessionId: id,
        position,
        body: { content, toolCalls },
        runId: runId ?? '',
      }));
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) await manager.insert(ChatMessageOrmEntity, rows.slice(start, start + INSERT_CHUNK));
      await manager.insert(ChatBranchOrmEntity, { ...branch, agentId });
    });
  }

  async find(id: string): Promise<ChatBranch | undefined> {
    const row = await this.managers.use((manager) => manager.findOneBy(ChatBranchOrmEntity, { id }));
    return row ? toBranch(row) : undefined;
  }

  async list(ownerId: string, parentSessionId: string | undefined, offset: number, limit: number): Promise<{ items: ChatBranch[]; total: number }> {
    const where = parentSessionId === undefined ? { ownerId } : { ownerId, parentSessionId };
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(ChatBranchOrmEntity, { where, order: { createdAt: 'DESC', id: 'ASC' }, skip: offset, take: limit }),
    );
    return { items: rows.map(toBranch), total };
  }

  /** Deleted child first, so it holds on a database that does not enforce the cascades. */
  async delete(id: string): Promise<void> {
    await this.managers.transaction(async (manager) => {
      await manager.delete(ChatBranchOrmEntity, { id });
      await manager.delete(ChatMessageOrmEntity, { sessionId: id });
      await manager.delete(ChatSessionOrmEntity, { id });
    });
  }
}

function toBranch(row: ChatBranchOrmEntity): ChatBranch {
  return {
    id: row.id,
    ownerId: row.ownerId,
    parentSessionId: row.parentSessionId,
    agentId: row.agentId === '' ? null : row.agentId,
    name: row.name,
    messageIndex: Number(row.messageIndex),
    createdAt: row.createdAt,
  };
}
