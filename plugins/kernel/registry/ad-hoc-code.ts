import { createHash } from 'node:crypto';
import { JsonSchemaValidator } from '../../../core/ports/json-schema-validator.port';
import { PluginManifest } from '../manifest/plugin-manifest';
import { SandboxSupervisor } from '../sandbox/sandbox-supervisor';
import { LoadedPlugin, loadPlugin } from './loaded-plugin';
import { SandboxMaxima } from './plugin-limits';

/** The fixed manifest ad-hoc code runs under: no capability but `log`, short limits. */
export const AD_HOC_MANIFEST: PluginManifest = {
  manifestVersion: 1,
  id: 'code',
  publisher: 'adhoc',
  name: 'Ad-hoc code',
  version: '1.0.0',
  kernel: '^1.0.0',
  description: 'JavaScript defining main(input), run once.',
  category: 'code',
  kind: 'tool',
  entry: 'inline',
  input_schema: {},
  output_schema: {},
  capabilities: { log: {} },
  limits: { timeout_ms: 5000, cpu_ms: 1000, memory_mb: 32 },
};

export const MAX_AD_HOC_CODE_CHARS = 256 * 1024;

/**
 * Turns `function main(input)` source into the kernel's bundle format. The source runs in
 * a function scope of its own, so its declarations cannot clash with the module wrapper.
 */
export function wrapMainSource(source: string): string {
  return [
    'module.exports.default = (function () {',
    source,
    ";return typeof main === 'function' ? main : function () { throw new Error('The code must define function main(input)'); };",
    '})();',
  ].join('\n');
}

interface Entry {
  plugin: LoadedPlugin;
  users: number;
}

/**
 * Ad-hoc code as sandbox plugins keyed by its digest, so a code tool called again runs on
 * a warm isolate. The least recently used idle entries beyond `capacity` are unloaded
 * (which disposes their isolates); an entry in use is never unloaded under its caller.
 */
export class AdHocCode {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly supervisor: SandboxSupervisor,
    private readonly schemas: JsonSchemaValidator,
    private readonly maxima: SandboxMaxima,
    private readonly capacity = 16,
  ) {}

  async run<T>(source: string, work: (plugin: LoadedPlugin) => Promise<T>): Promise<T> {
    const entry = this.acquire(source);
    try {
      return await work(entry.plugin);
    } finally {
      entry.users -= 1;
      this.evict();
    }
  }

  /** Loaded entries, for tests. */
  get size(): number {
    return this.entries.size;
  }

  private acquire(source: string): Entry {
    const digest = createHash('sha256').update(source).digest('hex');
    let entry = this.entries.get(digest);
    if (entry) {
      this.entries.delete(digest);
    } else {
      const plugin = loadPlugin(AD_HOC_MANIFEST, wrapMainSource(source), { builtin: false, enabled: true }, this.schemas, this.maxima);
      plugin.sandbox = { ...plugin.sandbox, key: `adhoc#${digest}` };
      this.supervisor.load(plugin.sandbox);
      entry = { plugin, users: 0 };
    }
    entry.users += 1;
    this.entries.set(digest, entry);
    this.evict();
    return entry;
  }

  private evict(): void {
    for (const [digest, entry] of this.entries) {
      if (this.entries.size <= this.capacity) return;
      if (entry.users > 0) continue;
      this.entries.delete(digest);
      this.supervisor.unload(entry.plugin.sandbox.key);
    }
  }
}
