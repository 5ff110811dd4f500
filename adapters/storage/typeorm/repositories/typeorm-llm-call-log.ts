import { LlmCall } from '../../../../core/domain/llm/llm-call';
import { LlmCallLog, LlmCallQuery, LlmCallSlice } from '../../../../core/ports/llm-call-log.port';
import { LlmCallOrmEntity } from '../entities/llm-call.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toLlmCall, toLlmCallRow } from '../mappers/llm-call.mapper';

export class TypeOrmLlmCallLog implements LlmCallLog {
  constructor(private readonly managers: ManagerProvider) {}

  async record(call: LlmCall): Promise<void> {
    await this.managers.use((manager) => manager.insert(LlmCallOrmEntity, toLlmCallRow(call)));
  }

  async deleteByAgent(agentId: string): Promise<number> {
    if (agentId === '') return 0;
    const result = await this.managers.use((manager) => manager.delete(LlmCallOrmEntity, { agentId }));
    return result.affected ?? 0;
  }

  list(query: LlmCallQuery, offset: number, limit: number): Promise<LlmCallSlice> {
    return this.managers.use(async (manager) => {
      const matching = manager.createQueryBuilder(LlmCallOrmEntity, 'c');
      // An empty id stands for "none" in storage: it never matches a filter.
      if (query.agentId !== undefined) matching.andWhere("c.agentId = :agentId AND c.agentId <> ''", { agentId: query.agentId });
      if (query.executionId !== undefined) matching.andWhere("c.executionId = :executionId AND c.executionId <> ''", { executionId: query.executionId });
      if (query.ownerId !== undefined) matching.andWhere("c.ownerId = :ownerId AND c.ownerId <> ''", { ownerId: query.ownerId });
      const total = await matching.getCount();
      if (limit <= 0 || offset >= total) return { items: [], total };
      const rows = await matching.orderBy('c.createdAt', 'ASC').addOrderBy('c.attempt', 'ASC').addOrderBy('c.id', 'ASC').offset(offset).limit(limit).getMany();
      return { items: rows.map(toLlmCall), total };
    });
  }
}
