import { InstalledPlugin, InstalledPluginSummary } from '../domain/plugin/installed-plugin.entity';
import { PluginRelease } from '../domain/plugin/plugin-release';
import { ToolCategory } from '../domain/tool/tool-category';
import { token } from '../shared/token';

export interface InstalledPluginQuery {
  enabled?: boolean;
  category?: ToolCategory;
  /** Case-insensitive substring of the id, name or description. */
  search?: string;
}

export interface Slice<T> {
  items: T[];
  /** Every match, regardless of offset and limit. */
  total: number;
}

/** Market plugins installed into the kernel, with their manifest, code and release history. */
export interface InstalledPluginRepository {
  /** Stores a new plugin and its first release; `PluginAlreadyInstalledError` when the id exists (the key decides). */
  create(plugin: InstalledPlugin, release: PluginRelease): Promise<void>;
  /** Replaces the stored version (manifest, code, summary) and appends its release; false when it is gone. */
  replace(plugin: InstalledPlugin, release: PluginRelease): Promise<boolean>;
  /** False when there is no such plugin. */
  setEnabled(id: string, enabled: boolean, updatedAt: Date): Promise<boolean>;
  findById(id: string): Promise<InstalledPlugin | null>;
  /** Every installed plugin with manifest and code, sorted by id: what start-up registers. */
  findAll(): Promise<InstalledPlugin[]>;
  /** Sorted by id; filtering and counting happen in the database. */
  list(query: InstalledPluginQuery, offset: number, limit: number): Promise<Slice<InstalledPluginSummary>>;
  /** Installed version per id, for those of `ids` that are installed. */
  versionsOf(ids: ReadonlyArray<string>): Promise<Map<string, string>>;
  /** Newest first. */
  releases(pluginId: string, offset: number, limit: number): Promise<Slice<PluginRelease>>;
  /** Deletes the plugin, its files and its release history; false when there was none. */
  delete(id: string): Promise<boolean>;
}

export const INSTALLED_PLUGIN_REPOSITORY = token<InstalledPluginRepository>('InstalledPluginRepository');
