import {
  EnvelopeConversation,
  EnvelopeMessage,
  EnvelopeMessageRole,
  NewEnvelopeConversation,
  NewEnvelopeMessage,
} from '../../../../core/domain/envelope/envelope-conversation.entity';
import { EnvelopeConversationRepository } from '../../../../core/ports/envelope-conversation-repository.port';
import { offsetOf, Page, PageRequest } from '../../../../core/shared/pagination';
import { EnvelopeConversationOrmEntity } from '../entities/envelope-conversation.orm-entity';
import { EnvelopeMessageOrmEntity } from '../entities/envelope-message.orm-entity';
import { ManagerProvider } from '../manager-provider';

export class TypeOrmEnvelopeConversationRepository implements EnvelopeConversationRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(conversation: NewEnvelopeConversation): Promise<EnvelopeConversation> {
    const result = await this.managers.use((manager) => manager.insert(EnvelopeConversationOrmEntity, conversation));
    return { ...conversation, id: Number(result.identifiers[0].id) };
  }

  async findById(id: number): Promise<EnvelopeConversation | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(EnvelopeConversationOrmEntity, { id }));
    if (!row) return null;
    const { agent: _agent, ...conversation } = row;
    return conversation;
  }

  /** One insert per message, in order, so their auto-increment ids follow the order given. */
  async appendMessages(conversationId: number, messages: NewEnvelopeMessage[], now: Date): Promise<void> {
    await this.managers.transaction(async (manager) => {
      await manager.update(EnvelopeConversationOrmEntity, { id: conversationId }, { updatedAt: now });
      for (const { content, ...message } of messages) {
        await manager.insert(EnvelopeMessageOrmEntity, { ...message, conversationId, body: { content } });
      }
    });
  }

  async listMessages(conversationId: number, page: PageRequest): Promise<Page<EnvelopeMessage>> {
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(EnvelopeMessageOrmEntity, { where: { conversationId }, order: { id: 'ASC' }, skip: offsetOf(page), take: page.pageSize }),
    );
    return { items: rows.map(toMessage), total, page: page.page, pageSize: page.pageSize };
  }

  async recentMessages(conversationId: number, limit: number): Promise<EnvelopeMessage[]> {
    if (limit <= 0) return [];
    const rows = await this.managers.use((manager) =>
      manager.find(EnvelopeMessageOrmEntity, { where: { conversationId }, order: { id: 'DESC' }, take: limit }),
    );
    return rows.reverse().map(toMessage);
  }
}

function toMessage(row: EnvelopeMessageOrmEntity): EnvelopeMessage {
  const body = typeof row.body === 'string' ? (JSON.parse(row.body) as { content: string }) : row.body;
  return { id: row.id, conversationId: row.conversationId, role: row.role as EnvelopeMessageRole, content: body.content, createdAt: row.createdAt };
}
