import { EntityManager, SelectQueryBuilder } from 'typeorm';
import { KnowledgeBase } from '../../../../core/domain/knowledge/knowledge-base.entity';
import { KnowledgeBaseVisibility } from '../../../../core/domain/knowledge/knowledge-base-visibility';
import { KnowledgeBaseRepository } from '../../../../core/ports/knowledge-base-repository.port';
import { offsetOf, Page, PageRequest } from '../../../../core/shared/pagination';
import { KnowledgeBaseOrmEntity } from '../entities/knowledge-base.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toKnowledgeBase, toKnowledgeBaseRow } from '../mappers/knowledge-base.mapper';

export class TypeOrmKnowledgeBaseRepository implements KnowledgeBaseRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(base: KnowledgeBase): Promise<void> {
    await this.managers.use((manager) => manager.insert(KnowledgeBaseOrmEntity, toKnowledgeBaseRow(base)));
  }

  async findById(id: string): Promise<KnowledgeBase | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(KnowledgeBaseOrmEntity, { id }));
    return row ? toKnowledgeBase(row) : null;
  }

  list(visibility: KnowledgeBaseVisibility, page: PageRequest): Promise<Page<KnowledgeBase>> {
    return this.managers.use(async (manager) => {
      const [rows, total] = await visible(manager, visibility)
        .orderBy('kb.createdAt', 'DESC')
        .addOrderBy('kb.id', 'DESC')
        .skip(offsetOf(page))
        .take(page.pageSize)
        .getManyAndCount();
      return { items: rows.map(toKnowledgeBase), total, page: page.page, pageSize: page.pageSize };
    });
  }

  visibleIds(visibility: KnowledgeBaseVisibility): Promise<string[]> {
    return this.managers.use(async (manager) => {
      const rows = await visible(manager, visibility).select('kb.id', 'id').getRawMany<{ id: string }>();
      return rows.map((row) => row.id);
    });
  }

  setEmbeddingModel(id: string, embeddingModel: string, updatedAt: Date): Promise<boolean> {
    return this.managers.use(async (manager) => {
      const result = await manager.update(KnowledgeBaseOrmEntity, { id }, { embeddingModel, updatedAt });
      return (result.affected ?? 0) > 0 || (await manager.existsBy(KnowledgeBaseOrmEntity, { id }));
    });
  }

  touch(id: string, updatedAt: Date): Promise<boolean> {
    return this.managers.use(async (manager) => {
      const result = await manager.update(KnowledgeBaseOrmEntity, { id }, { updatedAt });
      // MySQL counts changed rows only: a touch at the same millisecond still found its row.
      return (result.affected ?? 0) > 0 || (await manager.existsBy(KnowledgeBaseOrmEntity, { id }));
    });
  }

  /** The foreign keys cascade to the documents and their chunks, in the same statement. */
  async delete(id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.delete(KnowledgeBaseOrmEntity, { id }));
    return (result.affected ?? 0) > 0;
  }
}

function visible(manager: EntityManager, visibility: KnowledgeBaseVisibility): SelectQueryBuilder<KnowledgeBaseOrmEntity> {
  const builder = manager.createQueryBuilder(KnowledgeBaseOrmEntity, 'kb');
  if (visibility.kind === 'owned-or-public') {
    builder.where('(kb.ownerId = :userId OR kb.isPublic = :isPublic)', { userId: visibility.userId, isPublic: true });
  }
  return builder;
}
