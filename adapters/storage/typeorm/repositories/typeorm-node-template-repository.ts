import { NodeTemplate } from '../../../../core/domain/node-template/node-template.entity';
import { NodeTemplateQuery, NodeTemplateRepository, NodeTemplateSlice } from '../../../../core/ports/node-template-repository.port';
import { NodeTemplateOrmEntity } from '../entities/node-template.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toNodeTemplate, toNodeTemplateRow } from '../mappers/node-template.mapper';

export class TypeOrmNodeTemplateRepository implements NodeTemplateRepository {
  constructor(private readonly managers: ManagerProvider) {}

  create(template: NodeTemplate, maxPerOwner: number): Promise<boolean> {
    return this.managers.transaction(async (manager) => {
      // MySQL: the owner's row, locked, queues their concurrent creates behind this one. SQLite runs one transaction at a time anyway.
      if (manager.connection.driver.options.type === 'mysql') await manager.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [template.ownerId]);
      if ((await manager.countBy(NodeTemplateOrmEntity, { ownerId: template.ownerId })) >= maxPerOwner) return false;
      await manager.insert(NodeTemplateOrmEntity, toNodeTemplateRow(template));
      return true;
    });
  }

  async update(template: NodeTemplate): Promise<boolean> {
    const { id, ownerId: _ownerId, createdAt: _createdAt, ...changes } = toNodeTemplateRow(template);
    return this.managers.use(async (manager) => {
      const result = await manager.update(NodeTemplateOrmEntity, { id }, changes);
      // MySQL may count changed rows only: an update that changes nothing still found its row.
      return (result.affected ?? 0) > 0 || (await manager.existsBy(NodeTemplateOrmEntity, { id }));
    });
  }

  async findById(id: string): Promise<NodeTemplate | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(NodeTemplateOrmEntity, { id }));
    return row ? toNodeTemplate(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    const result = await this.managers.use((manager) => manager.delete(NodeTemplateOrmEntity, { id }));
    return (result.affected ?? 0) > 0;
  }

  list(query: NodeTemplateQuery, offset: number, limit: number): Promise<NodeTemplateSlice> {
    return this.managers.use(async (manager) => {
      const matching = manager.createQueryBuilder(NodeTemplateOrmEntity, 't').where('t.ownerId = :ownerId', { ownerId: query.ownerId });
      if (query.nodeType !== undefined) matching.andWhere('t.nodeType = :nodeType', { nodeType: query.nodeType });
      const total = await matching.getCount();
      if (limit <= 0 || offset >= total) return { items: [], total };
      const rows = await matching.orderBy('t.updatedAt', 'DESC').addOrderBy('t.id', 'ASC').offset(offset).limit(limit).getMany();
      return { items: rows.map(toNodeTemplate), total };
    });
  }
}
