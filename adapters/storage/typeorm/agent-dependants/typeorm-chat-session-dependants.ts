import { AgentDependants } from '../../../../core/ports/agent-dependants.port';
import { ChatMessageOrmEntity } from '../entities/chat-message.orm-entity';
import { ChatSessionOrmEntity } from '../entities/chat-session.orm-entity';
import { ManagerProvider } from '../manager-provider';

/** Conversations with the agent, and their messages, go with it (behaviour rule 1). */
export class TypeOrmChatSessionDependants implements AgentDependants {
  constructor(private readonly managers: ManagerProvider) {}

  async removeForAgent(agentId: string): Promise<void> {
    await this.managers.use(async (manager) => {
      const sessions = manager.createQueryBuilder(ChatSessionOrmEntity, 's').select('s.id').where('s.agent_id = :agentId', { agentId });
      await manager
        .createQueryBuilder()
        .delete()
        .from(ChatMessageOrmEntity)
        .where(`session_id IN (${sessions.getQuery()})`, sessions.getParameters())
        .execute();
      await manager.delete(ChatSessionOrmEntity, { agentId });
    });
  }
}
