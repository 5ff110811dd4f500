import { inject, injectable } from 'inversify';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../ports/tool-registry.port';

export interface InstalledPluginLoadReport {
  loaded: string[];
  failed: Array<{ id: string; message: string }>;
}

/**
 * Registers every stored plugin into the kernel, with its enabled state. The composition
 * root calls `loadAll()` once the kernel has started (built-in tools first, so a plugin can
 * never take a built-in id). A plugin that no longer loads (a kernel upgrade refuses its
 * manifest, a new built-in took its id) is reported and skipped, never fatal.
 */
@injectable()
export class InstalledPluginLoader {
  constructor(
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
    @inject(TOOL_REGISTRY) private readonly registry: ToolRegistry,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async loadAll(): Promise<InstalledPluginLoadReport> {
    const report: InstalledPluginLoadReport = { loaded: [], failed: [] };
    for (const plugin of await this.plugins.findAll()) {
      try {
        await this.registry.register(plugin.manifest, plugin.code, { enabled: plugin.enabled });
        report.loaded.push(plugin.id);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        report.failed.push({ id: plugin.id, message });
        this.logger.warn({ plugin: plugin.id, version: plugin.version, err: error }, 'installed plugin not loaded');
      }
    }
    this.logger.info({ loaded: report.loaded.length, failed: report.failed.length }, 'installed plugins loaded');
    return report;
  }
}
