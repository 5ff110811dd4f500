import { EntityManager, In, SelectQueryBuilder } from 'typeorm';
import { InstalledPlugin, InstalledPluginSummary } from '../../../../core/domain/plugin/installed-plugin.entity';
import { PluginAlreadyInstalledError } from '../../../../core/domain/plugin/plugin.errors';
import { PluginRelease } from '../../../../core/domain/plugin/plugin-release';
import { InstalledPluginQuery, InstalledPluginRepository, Slice } from '../../../../core/ports/installed-plugin-repository.port';
import { isDuplicateKeyError } from '../driver-errors';
import { InstalledPluginChunkOrmEntity } from '../entities/installed-plugin-chunk.orm-entity';
import { InstalledPluginOrmEntity } from '../entities/installed-plugin.orm-entity';
import { PluginReleaseOrmEntity } from '../entities/plugin-release.orm-entity';
import { containsPattern } from '../like-pattern';
import { ManagerProvider } from '../manager-provider';
import { toChunkRows, toInstalledPlugin, toInstalledPluginRow, toInstalledPluginSummary, toRelease, toReleaseRow } from '../mappers/installed-plugin.mapper';

/** Rows per INSERT: 8 × 60 kB stays far under MySQL's smallest max_allowed_packet. */
const CHUNKS_PER_INSERT = 8;

export class TypeOrmInstalledPluginRepository implements InstalledPluginRepository {
  constructor(private readonly managers: ManagerProvider) {}

  async create(plugin: InstalledPlugin, release: PluginRelease): Promise<void> {
    try {
      await this.managers.transaction(async (manager) => {
        await manager.insert(InstalledPluginOrmEntity, toInstalledPluginRow(plugin));
        await insertChunks(manager, plugin);
        await manager.insert(PluginReleaseOrmEntity, toReleaseRow(release));
      });
    } catch (error) {
      if (isDuplicateKeyError(error)) throw new PluginAlreadyInstalledError(plugin.id);
      throw error;
    }
  }

  replace(plugin: InstalledPlugin, release: PluginRelease): Promise<boolean> {
    return this.managers.transaction(async (manager) => {
      const { id, ...changes } = toInstalledPluginRow(plugin);
      const result = await manager.update(InstalledPluginOrmEntity, { id }, changes);
      // MySQL counts changed rows only: an update that changes nothing still found its row.
      if ((result.affected ?? 0) === 0 && !(await manager.existsBy(InstalledPluginOrmEntity, { id }))) return false;
      await manager.delete(InstalledPluginChunkOrmEntity, { pluginId: id });
      await insertChunks(manager, plugin);
      await manager.insert(PluginReleaseOrmEntity, toReleaseRow(release));
      return true;
    });
  }

  setEnabled(id: string, enabled: boolean, updatedAt: Date): Promise<boolean> {
    return this.managers.transaction(async (manager) => {
      const result = await manager.update(InstalledPluginOrmEntity, { id }, { enabled, updatedAt });
      return (result.affected ?? 0) > 0 || (await manager.existsBy(InstalledPluginOrmEntity, { id }));
    });
  }

  findById(id: string): Promise<InstalledPlugin | null> {
    return this.managers.use(async (manager) => {
      const row = await manager.findOneBy(InstalledPluginOrmEntity, { id });
      if (!row) return null;
      return toInstalledPlugin(row, await manager.findBy(InstalledPluginChunkOrmEntity, { pluginId: id }));
    });
  }

  findAll(): Promise<InstalledPlugin[]> {
    return this.managers.use(async (manager) => {
      const rows = await manager.find(InstalledPluginOrmEntity, { order: { id: 'ASC' } });
      const chunks = new Map<string, InstalledPluginChunkOrmEntity[]>();
      for (const chunk of await manager.find(InstalledPluginChunkOrmEntity, {})) {
        chunks.set(chunk.pluginId, [...(chunks.get(chunk.pluginId) ?? []), chunk]);
      }
      return rows.map((row) => toInstalledPlugin(row, chunks.get(row.id) ?? []));
    });
  }

  list(query: InstalledPluginQuery, offset: number, limit: number): Promise<Slice<InstalledPluginSummary>> {
    return this.managers.use(async (manager) => {
      const matching = filtered(manager, query);
      const total = await matching.getCount();
      if (limit <= 0 || offset >= total) return { items: [], total };
      const rows = await matching.orderBy('p.id', 'ASC').offset(offset).limit(limit).getMany();
      return { items: rows.map(toInstalledPluginSummary), total };
    });
  }

  async versionsOf(ids: ReadonlyArray<string>): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.managers.use((manager) =>
      manager.find(InstalledPluginOrmEntity, { select: { id: true, version: true }, where: { id: In([...ids]) } }),
    );
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  async releases(pluginId: string, offset: number, limit: number): Promise<Slice<PluginRelease>> {
    const [rows, total] = await this.managers.use((manager) =>
      manager.findAndCount(PluginReleaseOrmEntity, {
        where: { pluginId },
        order: { installedAt: 'DESC', id: 'ASC' },
        skip: offset,
        take: limit,
      }),
    );
    return { items: rows.map(toRelease), total };
  }

  delete(id: string): Promise<boolean> {
    // Explicit child deletes: the foreign keys guard integrity, but do not carry the deletion.
    return this.managers.transaction(async (manager) => {
      await manager.delete(PluginReleaseOrmEntity, { pluginId: id });
      await manager.delete(InstalledPluginChunkOrmEntity, { pluginId: id });
      const result = await manager.delete(InstalledPluginOrmEntity, { id });
      return (result.affected ?? 0) > 0;
    });
  }
}

async function insertChunks(manager: EntityManager, plugin: InstalledPlugin): Promise<void> {
  const rows = toChunkRows(plugin);
  for (let start = 0; start < rows.length; start += CHUNKS_PER_INSERT) {
    await manager.insert(InstalledPluginChunkOrmEntity, rows.slice(start, start + CHUNKS_PER_INSERT));
  }
}

function filtered(manager: EntityManager, query: InstalledPluginQuery): SelectQueryBuilder<InstalledPluginOrmEntity> {
  const builder = manager.createQueryBuilder(InstalledPluginOrmEntity, 'p');
  if (query.enabled !== undefined) builder.andWhere('p.enabled = :enabled', { enabled: query.enabled });
  if (query.category !== undefined) builder.andWhere('p.category = :category', { category: query.category });
  if (query.search !== undefined && query.search !== '') {
    const pattern = containsPattern(query.search);
    builder.andWhere("(LOWER(p.id) LIKE :pattern ESCAPE '!' OR LOWER(p.name) LIKE :pattern ESCAPE '!' OR LOWER(p.description) LIKE :pattern ESCAPE '!')", {
      pattern,
    });
  }
  return builder;
}
