import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { PluginNotFoundError } from '../../domain/plugin/plugin.errors';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { InstalledPluginSet } from './installed-plugin-set.service';

/** Removes an installed plugin from the kernel and from storage, with its release history. */
@injectable()
export class PluginUninstaller {
  constructor(
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
    @inject(InstalledPluginSet) private readonly installed: InstalledPluginSet,
  ) {}

  async uninstall(actor: Actor, pluginId: string): Promise<void> {
    await this.installed.serially(async () => {
      const current = await this.plugins.findById(pluginId);
      if (!current) throw new PluginNotFoundError(pluginId);
      await this.installed.remove(actor, current);
    });
  }
}
