import { EntityManager } from 'typeorm';
import { ModelConfig } from '../../../../core/domain/model-config/model-config.entity';
import { ModelConfigNameTakenError } from '../../../../core/domain/model-config/model-config.errors';
import { ModelConfigRepository, ModelConfigSlice } from '../../../../core/ports/model-config-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { AgentOrmEntity } from '../entities/agent.orm-entity';
import { ModelConfigOrmEntity } from '../entities/model-config.orm-entity';
import { ManagerProvider } from '../manager-provider';
import { toModelConfig, toModelConfigRow } from '../mappers/model-config.mapper';

export class TypeOrmModelConfigRepository implements ModelConfigRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(config: ModelConfig): Promise<void> {
    await this.named(config.name, () =>
      this.managers.transaction(async (manager) => {
        if (config.isDefault) await clearDefault(manager, config.ownerId, config.id);
        await manager.insert(ModelConfigOrmEntity, toModelConfigRow(config));
      }),
    );
  }

  async update(config: ModelConfig): Promise<boolean> {
    const { id, ownerId: _ownerId, createdAt: _createdAt, ...changes } = toModelConfigRow(config);
    return this.named(config.name, () =>
      this.managers.transaction(async (manager) => {
        if (config.isDefault) await clearDefault(manager, config.ownerId, id);
        const result = await manager.update(ModelConfigOrmEntity, { id }, changes);
        // MySQL may count changed rows only: an update that changes nothing still found its row.
        return (result.affected ?? 0) > 0 || (await manager.existsBy(ModelConfigOrmEntity, { id }));
      }),
    );
  }

  async findById(id: string): Promise<ModelConfig | null> {
    const row = await this.managers.use((manager) => manager.findOneBy(ModelConfigOrmEntity, { id }));
    return row ? toModelConfig(row) : null;
  }

  async delete(id: string): Promise<boolean> {
    return this.managers.transaction(async (manager) => {
      // What a foreign key's ON DELETE SET NULL would do (see the migration).
      await manager.update(AgentOrmEntity, { modelConfigId: id }, { modelConfigId: '' });
      const result = await manager.delete(ModelConfigOrmEntity, { id });
      return (result.affected ?? 0) > 0;
    });
  }

  list(query: { ownerId?: string }, offset: number, limit: number): Promise<ModelConfigSlice> {
    return this.managers.use(async (manager) => {
      const matching = manager.createQueryBuilder(ModelConfigOrmEntity, 'c');
      if (query.ownerId !== undefined) matching.where('c.ownerId = :ownerId', { ownerId: query.ownerId });
      const total = await matching.getCount();
      if (limit <= 0 || offset >= total) return { items: [], total };
      const rows = await matching.orderBy('c.name', 'ASC').addOrderBy('c.id', 'ASC').offset(offset).limit(limit).getMany();
      return { items: rows.map(toModelConfig), total };
    });
  }

  /** Ids are fresh UUIDs and the default is cleared first, so the unique key a caller can collide on is (owner, name). */
  private async named<T>(name: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new ModelConfigNameTakenError(name);
      throw error;
    }
  }
}

/** Moves the owner's current default (another row) back to its own key. */
function clearDefault(manager: EntityManager, ownerId: string, exceptId: string): Promise<unknown> {
  return manager
    .createQueryBuilder()
    .update(ModelConfigOrmEntity)
    .set({ defaultKey: () => 'id' })
    .where('default_key = :ownerId AND id <> :exceptId', { ownerId, exceptId })
    .execute();
}
