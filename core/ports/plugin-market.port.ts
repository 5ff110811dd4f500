import { MarketPlugin } from '../domain/plugin/market-plugin';
import { token } from '../shared/token';

/**
 * The plugins shipped with this deployment in the market folder (`plugins/market/`).
 * They are trusted by being deployed, like built-in tools, and need no signature.
 */
export interface PluginMarket {
  /** Every valid, built market plugin, sorted by id; broken folders are left out (and logged). */
  list(): Promise<MarketPlugin[]>;
  find(id: string): Promise<MarketPlugin | null>;
}

export const PLUGIN_MARKET = token<PluginMarket>('PluginMarket');
