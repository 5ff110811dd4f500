import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonValue } from '../../core/shared/json';
import { projectRoot } from '../../plugins/kernel/sandbox/worker-script';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildPlugins } = require('../../bin/build-plugins.js') as {
  buildPlugins(options: { roots: string[] }): { failed: Array<{ dir: string; error: string }> };
};

export const MARKET_DIR = join(projectRoot(), 'plugins', 'market');

export interface MarketManifest {
  id: string;
  output_schema: object;
  examples?: Array<{ description: string; input: JsonValue; output?: JsonValue }>;
}

/** Builds plugins/market/* as `npm run build:tools` does (the kernel harness builds only tools-builtin/). */
export function buildMarketPlugins(): void {
  const { failed } = buildPlugins({ roots: [MARKET_DIR] });
  if (failed.length > 0) throw new Error(`Market plugins failed to build:\n${failed.map((f) => `${f.dir}:\n${f.error}`).join('\n')}`);
}

export function marketManifests(): MarketManifest[] {
  return readdirSync(MARKET_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => JSON.parse(readFileSync(join(MARKET_DIR, entry.name, 'manifest.json'), 'utf8')) as MarketManifest);
}
