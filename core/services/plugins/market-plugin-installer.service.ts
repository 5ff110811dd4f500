import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { InstalledPlugin } from '../../domain/plugin/installed-plugin.entity';
import { PluginAlreadyInstalledError, PluginNotFoundError } from '../../domain/plugin/plugin.errors';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { PLUGIN_MARKET, PluginMarket } from '../../ports/plugin-market.port';
import { VERSION_POLICY, VersionPolicy } from '../../ports/version-policy.port';
import { InstalledPluginSet } from './installed-plugin-set.service';
import { checkUpgrade } from './plugin-upgrade';

export interface MarketInstallation {
  plugin: InstalledPlugin;
  /** False when an older installed version was upgraded to the market's. */
  created: boolean;
}

/**
 * Installs a plugin shipped in the market folder. The folder is trusted (it is deployed
 * with the platform, like tools-builtin/), so no signature is asked for. When an older
 * version is installed, this upgrades it; the same or a newer one is a conflict.
 */
@injectable()
export class MarketPluginInstaller {
  constructor(
    @inject(PLUGIN_MARKET) private readonly market: PluginMarket,
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
    @inject(InstalledPluginSet) private readonly installed: InstalledPluginSet,
    @inject(VERSION_POLICY) private readonly versions: VersionPolicy,
  ) {}

  async install(actor: Actor, pluginId: string): Promise<MarketInstallation> {
    return this.installed.serially(async () => {
      const offered = await this.market.find(pluginId);
      if (!offered) throw new PluginNotFoundError(pluginId, 'in the market');
      const origin = { source: 'market' as const, signingKeyId: null };
      const current = await this.plugins.findById(pluginId);
      if (!current) return { plugin: await this.installed.add(actor, offered.manifest, offered.code, origin), created: true };
      if ((this.versions.compare(offered.version, current.version) ?? 0) <= 0) throw new PluginAlreadyInstalledError(current.id, current.version);
      checkUpgrade(current, offered, this.versions);
      return { plugin: await this.installed.replace(actor, current, offered.manifest, offered.code, origin), created: false };
    });
  }
}
