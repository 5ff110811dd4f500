import { inject, injectable } from 'inversify';
import { MarketPlugin } from '../../domain/plugin/market-plugin';
import { PluginNotFoundError } from '../../domain/plugin/plugin.errors';
import { INSTALLED_PLUGIN_REPOSITORY, InstalledPluginRepository } from '../../ports/installed-plugin-repository.port';
import { PLUGIN_MARKET, PluginMarket } from '../../ports/plugin-market.port';

/** A market plugin and the version of it installed here, if any. */
export interface MarketOffer {
  plugin: MarketPlugin;
  installedVersion: string | null;
}

/** What the market folder offers, side by side with what is installed. */
@injectable()
export class PluginMarketCatalog {
  constructor(
    @inject(PLUGIN_MARKET) private readonly market: PluginMarket,
    @inject(INSTALLED_PLUGIN_REPOSITORY) private readonly plugins: InstalledPluginRepository,
  ) {}

  async list(): Promise<MarketOffer[]> {
    const offered = await this.market.list();
    const installed = await this.plugins.versionsOf(offered.map((plugin) => plugin.id));
    return offered.map((plugin) => ({ plugin, installedVersion: installed.get(plugin.id) ?? null }));
  }

  async read(pluginId: string): Promise<MarketOffer> {
    const plugin = await this.market.find(pluginId);
    if (!plugin) throw new PluginNotFoundError(pluginId, 'in the market');
    const installed = await this.plugins.versionsOf([plugin.id]);
    return { plugin, installedVersion: installed.get(plugin.id) ?? null };
  }
}
