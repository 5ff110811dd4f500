import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { InstalledPlugin } from '../../domain/plugin/installed-plugin.entity';
import { PluginNotFoundError } from '../../domain/plugin/plugin.errors';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { TOOL_REGISTRY, ToolRegistry } from '../../ports/tool-registry.port';
import { InstalledPluginSet } from './installed-plugin-set.service';
import { InstalledPluginState, stateOf } from './installed-plugin-state';

/** Enables or disables an installed plugin: a disabled one is not listed as a tool and cannot be invoked. */
@injectable()
export class PluginToggler {
  constructor(
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
    @inject(InstalledPluginSet) private readonly installed: InstalledPluginSet,
    @inject(TOOL_REGISTRY) private readonly registry: ToolRegistry,
  ) {}

  async toggle(actor: Actor, pluginId: string, enabled: boolean): Promise<InstalledPluginState<InstalledPlugin>> {
    const plugin = await this.installed.serially(async () => {
      const current = await this.plugins.findById(pluginId);
      if (!current) throw new PluginNotFoundError(pluginId);
      return this.installed.setEnabled(actor, current, enabled);
    });
    return stateOf(this.registry, plugin);
  }
}
