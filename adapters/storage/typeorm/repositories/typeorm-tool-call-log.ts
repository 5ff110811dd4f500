import { ToolCallRecord } from '../../../../core/domain/tool/tool-call-record';
import { ToolCallLog, ToolCallQuery, ToolCallSlice } from '../../../../core/ports/tool-call-log.port';
import { ToolCallOrmEntity } from '../entities/tool-call.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toToolCallRecord, toToolCallRow } from '../mappers/tool-call.mapper';

export class TypeOrmToolCallLog implements ToolCallLog {
  constructor(private readonly managers: ManagerProvider) {}

  async record(call: ToolCallRecord): Promise<void> {
    await this.managers.use((manager) => manager.insert(ToolCallOrmEntity, toToolCallRow(call)));
  }

  async deleteByAgent(agentId: string): Promise<number> {
    if (agentId === '') return 0;
    const result = await this.managers.use((manager) => manager.delete(ToolCallOrmEntity, { agentId }));
    return result.affected ?? 0;
  }

  list(query: ToolCallQuery, offset: number, limit: number): Promise<ToolCallSlice> {
    return this.managers.use(async (manager) => {
      const matching = manager.createQueryBuilder(ToolCallOrmEntity, 'c');
      // An empty id stands for "none" in storage: it never matches a filter.
      if (query.agentId !== undefined) matching.andWhere("c.agentId = :agentId AND c.agentId <> ''", { agentId: query.agentId });
      if (query.executionId !== undefined) matching.andWhere("c.executionId = :executionId AND c.executionId <> ''", { executionId: query.executionId });
      if (query.ownerId !== undefined) matching.andWhere("c.ownerId = :ownerId AND c.ownerId <> ''", { ownerId: query.ownerId });
      const total = await matching.getCount();
      if (limit <= 0 || offset >= total) return { items: [], total };
      const rows = await matching.orderBy('c.createdAt', 'ASC').addOrderBy('c.id', 'ASC').offset(offset).limit(limit).getMany();
      return { items: rows.map(toToolCallRecord), total };
    });
  }
}
