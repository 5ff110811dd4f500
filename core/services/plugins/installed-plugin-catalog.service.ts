import { inject, injectable } from 'inversify';
import { InstalledPlugin, InstalledPluginSummary } from '../../domain/plugin/installed-plugin.entity';
import { PluginNotFoundError } from '../../domain/plugin/plugin.errors';
import { PluginRelease } from '../../domain/plugin/plugin-release';
import { TOOL_CATEGORIES, ToolCategory } from '../../domain/tool/tool-category';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginQuery, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../ports/tool-registry.port';
import { ValidationError } from '../../shared/common.errors';
import { offsetOf, Page, PageRequest } from '../../shared/pagination';
import { InstalledPluginState, stateOf } from './installed-plugin-state';

const MAX_SEARCH_LENGTH = 100;

export interface InstalledPluginFilter {
  enabled?: boolean;
  category?: string;
  search?: string;
}

/** Reads installed plugins and their release history; every authenticated user may. */
@injectable()
export class InstalledPluginCatalog {
  constructor(
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
    @inject(TOOL_REGISTRY) private readonly registry: ToolRegistry,
  ) {}

  async list(filter: InstalledPluginFilter, page: PageRequest): Promise<Page<InstalledPluginState>> {
    const slice = await this.plugins.list(queryOf(filter), offsetOf(page), page.pageSize);
    return { items: slice.items.map((plugin) => this.stateOf(plugin)), total: slice.total, page: page.page, pageSize: page.pageSize };
  }

  async read(pluginId: string): Promise<InstalledPluginState<InstalledPlugin>> {
    const plugin = await this.plugins.findById(pluginId);
    if (!plugin) throw new PluginNotFoundError(pluginId);
    return this.stateOf(plugin);
  }

  async versions(pluginId: string, page: PageRequest): Promise<Page<PluginRelease>> {
    const slice = await this.plugins.releases(pluginId, offsetOf(page), page.pageSize);
    if (slice.total === 0) throw new PluginNotFoundError(pluginId);
    return { items: slice.items, total: slice.total, page: page.page, pageSize: page.pageSize };
  }

  private stateOf<P extends InstalledPluginSummary>(plugin: P): InstalledPluginState<P> {
    return stateOf(this.registry, plugin);
  }
}

function queryOf(filter: InstalledPluginFilter): InstalledPluginQuery {
  const search = filter.search?.trim();
  if (filter.category !== undefined && !(TOOL_CATEGORIES as ReadonlyArray<string>).includes(filter.category)) {
    throw new ValidationError('Invalid filter', [{ field: 'category', message: `must be one of: ${TOOL_CATEGORIES.join(', ')}` }]);
  }
  if (search !== undefined && search.length > MAX_SEARCH_LENGTH) {
    throw new ValidationError('Invalid filter', [{ field: 'search', message: `must be at most ${MAX_SEARCH_LENGTH} characters` }]);
  }
  return { enabled: filter.enabled, category: filter.category as ToolCategory | undefined, search: search || undefined };
}
