import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { CustomTool } from '../../../../core/domain/tool/custom-tool.entity';
import { ToolNameTakenError } from '../../../../core/domain/tool/custom-tool.errors';
import { ToolCategory } from '../../../../core/domain/tool/tool-category';
import { CustomToolQuery, CustomToolRepository, CustomToolSlice } from '../../../../core/ports/custom-tool-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { CustomToolOrmEntity } from '../entities/custom-tool.orm-entity';
import { containsPattern } from '../like-pattern';
import { ManagerProvider } from '../manager-provider';
import { toCustomTool, toCustomToolRow } from '../mappers/custom-tool.mapper';

export class TypeOrmCustomToolRepository implements CustomToolRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(tool: CustomTool): Promise<void> {
    try {
      await this.managers.use((manager) => manager.insert(CustomToolOrmEntity, toCustomToolRow(tool)));
    } catch (error) {
      // Ids are fresh UUIDs, so the one unique key a caller can collide on is (owner, name).
      if (isDuplicateKeyError(error)) throw new ToolNameTakenError(tool.name);
      throw error;
    }
  }

  async update(tool: CustomTool): Promise<boolean> {
    const { id, createdAt: _createdAt, ...changes } = toCustomToolRow(tool);
    try {
      return await this.managers.transaction(async (manager) => {
        const result = await manager.update(CustomToolOrmEntity, { id }, changes);
        // MySQL counts changed rows only: an update that changes nothing still found its row.
        return (result.affected ?? 0) > 0 || (await manager.existsBy(CustomToolOrmEntity, { id }));
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ToolNameTakenError(tool.name);
      throw error;
    }
  }

  async findById(id: string): Promise<CustomTool | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(CustomToolOrmEntity, { id }));
    return row ? toCustomTool(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.delete(CustomToolOrmEntity, { id }));
    return (result.affected ?? 0) > 0;
  }

  list(query: CustomToolQuery, offset: number, limit: number): Promise<CustomToolSlice> {
    return this.managers.use(async (manager) => {
      const matching = filtered(manager, query);
      const total = await matching.getCount();
      if (limit <= 0 || offset >= total) return { items: [], total };
      const rows = await matching.orderBy('t.name', 'ASC').addOrderBy('t.id', 'ASC').offset(offset).limit(limit).getMany();
      return { items: rows.map(toCustomTool), total };
    });
  }

  countByCategory(query: Pick<CustomToolQuery, 'ownerId'>): Promise<Partial<Record<ToolCategory, number>>> {
    return this.managers.use(async (manager) => {
      const rows = await filtered(manager, query)
        .select('t.category', 'category')
        .addSelect('COUNT(*)', 'count')
        .groupBy('t.category')
        .getRawMany<{ category: ToolCategory; count: number | string }>();
      return Object.fromEntries(rows.map((row) => [row.category, Number(row.count)]));
    });
  }
}

function filtered(manager: EntityManager, query: CustomToolQuery): SelectQueryBuilder<CustomToolOrmEntity> {
  const builder = manager.createQueryBuilder(CustomToolOrmEntity, 't');
  if (query.ownerId !== undefined) builder.andWhere('t.ownerId = :ownerId', { ownerId: query.ownerId });
  if (query.kind !== undefined) builder.andWhere('t.kind = :kind', { kind: query.kind });
  if (query.category !== undefined) builder.andWhere('t.category = :category', { category: query.category });
  if (query.search !== undefined && query.search !== '') {
    const pattern = containsPattern(query.search);
    builder.andWhere("(LOWER(t.name) LIKE :pattern ESCAPE '!' OR LOWER(t.description) LIKE :pattern ESCAPE '!')", { pattern });
  }
  return builder;
}
