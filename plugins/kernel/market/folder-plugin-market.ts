import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { MarketPlugin } from '../../../core/domain/plugin/market-plugin';
import { CapabilityName } from '../../../core/domain/tool/tool-descriptor';
import { PluginMarket } from '../../../core/ports/plugin-market.port';
import { JsonObject } from '../../../core/shared/json';
import { KernelLogger, silentLogger } from '../kernel-logger';
import { ManifestChecks } from '../manifest/manifest-checks';
import { loadPluginFolder } from '../manifest/manifest-loader';
import { PluginManifest } from '../manifest/plugin-manifest';

const PLUGIN_ID = /^[a-z][a-z0-9_]{1,63}$/;
const RESERVED_PUBLISHER = 'builtin';

/**
 * The market as a folder of plugin folders (`plugins/market/<id>/`, built by
 * `npm run build:tools`). Read on every call: it is a handful of small files, and a
 * rebuilt plugin shows up without a restart.
 */
export class FolderPluginMarket implements PluginMarket {
  constructor(
    private readonly root: string,
    private readonly checks: ManifestChecks,
    private readonly logger: KernelLogger = silentLogger,
  ) {}

  async list(): Promise<MarketPlugin[]> {
    const plugins: MarketPlugin[] = [];
    for (const folder of await this.folders()) {
      const plugin = await this.find(folder);
      if (plugin) plugins.push(plugin);
    }
    return plugins;
  }

  async find(id: string): Promise<MarketPlugin | null> {
    if (!PLUGIN_ID.test(id) || !(await this.folders()).includes(id)) return null;
    try {
      const { manifest, code } = await loadPluginFolder(join(this.root, id), this.checks);
      if (manifest.publisher === RESERVED_PUBLISHER) throw new Error('"builtin" is reserved for tools-builtin/');
      return toMarketPlugin(manifest, code);
    } catch (error) {
      this.logger.warn({ plugin: id, err: error }, `market plugin ${id} is not offered: ${(error as Error).message}`);
      return null;
    }
  }

  private async folders(): Promise<string[]> {
    try {
      const entries = await readdir(this.root, { withFileTypes: true });
      return entries
        .filter((e) => e.isDirectory() && PLUGIN_ID.test(e.name))
        .map((e) => e.name)
        .sort();
    } catch {
      return [];
    }
  }
}

function toMarketPlugin(manifest: PluginManifest, code: string): MarketPlugin {
  return {
    id: manifest.id,
    name: manifest.name,
    version: manifest.version,
    publisher: manifest.publisher,
    description: manifest.description,
    category: manifest.category,
    capabilities: (Object.keys(manifest.capabilities) as CapabilityName[]).sort(),
    inputSchema: manifest.input_schema,
    outputSchema: manifest.output_schema,
    examples: manifest.examples ?? [],
    manifest: manifest as unknown as JsonObject,
    code,
  };
}
