import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ToolDescriptor } from '../../../core/domain/tool/tool-descriptor';
import { ToolOutcome } from '../../../core/domain/tool/tool-outcome';
import { InvalidPluginError, ToolIdConflictError, ToolNotFoundError } from '../../../core/domain/tool/tool.errors';
import { ToolInvocationContext, ToolListFilter, ToolRegistry, ToolRegistryReadiness } from '../../../core/ports/tool-registry.port';
import { FieldIssue } from '../../../core/shared/domain-error';
import { JsonValue } from '../../../core/shared/json';
import { KernelLogger, silentLogger } from '../kernel-logger';
import { ManifestChecks } from '../manifest/manifest-checks';
import { loadPluginFolder } from '../manifest/manifest-loader';
import { validateManifest } from '../manifest/manifest-validator';
import { PluginManifest } from '../manifest/plugin-manifest';
import { SandboxSupervisor } from '../sandbox/sandbox-supervisor';
import { AdHocCode, MAX_AD_HOC_CODE_CHARS } from './ad-hoc-code';
import { LoadedPlugin, loadPlugin } from './loaded-plugin';
import { SandboxMaxima } from './plugin-limits';
import { ToolInvoker } from './tool-invoker';

const BUILTIN_PUBLISHER = 'builtin';
const MAX_CODE_CHARS = 5 * 1024 * 1024;

export interface FolderLoadReport {
  loaded: string[];
  failed: Array<{ folder: string; message: string; issues: ReadonlyArray<FieldIssue> }>;
}

/**
 * The tools the platform can call: built-in tools discovered from `tools-builtin/`,
 * plugin folders (fixtures, bundled examples) and market plugins registered at run time.
 * Implements the core's `ToolRegistry`: `invoke` never throws for a tool failure.
 */
export class PluginRegistry implements ToolRegistry {
  private readonly plugins = new Map<string, LoadedPlugin>();
  private readonly adHoc: AdHocCode;
  private builtinFailures = 0;
  private ready = false;

  constructor(
    private readonly supervisor: SandboxSupervisor,
    private readonly invoker: ToolInvoker,
    private readonly checks: ManifestChecks,
    private readonly maxima: SandboxMaxima,
    private readonly logger: KernelLogger = silentLogger,
  ) {
    this.adHoc = new AdHocCode(supervisor, checks.schemas, maxima);
  }

  /** Loads every `<root>/<id>/manifest.json` (optionally only `only`); a broken folder is reported, not fatal. */
  async loadFolders(root: string, options: { builtin: boolean; only?: string[] }): Promise<FolderLoadReport> {
    const report: FolderLoadReport = { loaded: [], failed: [] };
    const folders = await listFolders(root);
    for (const folder of folders.filter((f) => !options.only || options.only.includes(f))) {
      try {
        const source = await loadPluginFolder(join(root, folder), this.checks, { expectPublisher: options.builtin ? BUILTIN_PUBLISHER : undefined });
        this.add(source.manifest, source.code, { builtin: options.builtin, enabled: true });
        report.loaded.push(folder);
      } catch (error) {
        const issues = error instanceof InvalidPluginError ? (error.details ?? []) : [];
        report.failed.push({ folder, message: (error as Error).message, issues });
        this.logger.warn({ folder, issues }, `plugin ${folder} not loaded: ${(error as Error).message}`);
      }
    }
    if (options.builtin) this.builtinFailures += report.failed.length;
    return report;
  }

  markReady(): void {
    this.ready = true;
  }

  list(filter: ToolListFilter = {}): ToolDescriptor[] {
    return [...this.plugins.values()]
      .map((p) => p.descriptor)
      .filter((d) => (filter.includeDisabled || d.enabled) && (!filter.category || d.category === filter.category))
      .filter((d) => filter.builtin === undefined || d.builtin === filter.builtin)
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  get(id: string): ToolDescriptor | undefined {
    return this.plugins.get(id)?.descriptor;
  }

  async invoke(id: string, input: JsonValue, context: ToolInvocationContext): Promise<ToolOutcome> {
    const plugin = this.plugins.get(id);
    if (!plugin) return refusal(id, 'not_found', `Tool "${id}" not found`);
    if (!plugin.descriptor.enabled) return refusal(id, 'unavailable', `Tool "${id}" is disabled`, plugin.manifest.version);
    try {
      return await this.invoker.invoke(plugin, input, context);
    } catch (error) {
      this.logger.error({ tool: id, err: error }, 'tool invocation failed inside the kernel');
      return refusal(id, 'unavailable', 'The tool could not be run', plugin.manifest.version);
    }
  }

  async runCode(code: string, input: JsonValue, context: ToolInvocationContext): Promise<ToolOutcome> {
    if (typeof code !== 'string' || code.length > MAX_AD_HOC_CODE_CHARS) {
      return refusal('code', 'invalid_input', `The code must be at most ${MAX_AD_HOC_CODE_CHARS} characters`);
    }
    try {
      return await this.adHoc.run(code, (plugin) => this.invoker.invoke(plugin, input, context));
    } catch (error) {
      this.logger.error({ err: error }, 'ad-hoc code failed inside the kernel');
      return refusal('code', 'unavailable', 'The code could not be run');
    }
  }

  async register(manifest: JsonValue, code: string, options: { enabled: boolean }): Promise<ToolDescriptor> {
    const check = validateManifest(manifest, this.checks);
    if (!check.ok) throw new InvalidPluginError('The plugin manifest is invalid', check.issues);
    if (typeof code !== 'string' || code.length === 0 || code.length > MAX_CODE_CHARS) {
      throw new InvalidPluginError('The plugin code is invalid', [{ field: 'code', message: 'must be a bundle of 1 byte to 5 MB' }]);
    }
    if (check.manifest.publisher === BUILTIN_PUBLISHER) {
      throw new InvalidPluginError('The plugin manifest is invalid', [{ field: 'publisher', message: '"builtin" is reserved for shipped tools' }]);
    }
    const existing = this.plugins.get(check.manifest.id);
    if (existing && (existing.descriptor.builtin || existing.manifest.publisher !== check.manifest.publisher)) {
      throw new ToolIdConflictError(check.manifest.id);
    }
    return this.add(check.manifest, code, { builtin: false, enabled: options.enabled }).descriptor;
  }

  async unregister(id: string): Promise<boolean> {
    const plugin = this.plugins.get(id);
    if (!plugin || plugin.descriptor.builtin) return false;
    this.remove(plugin);
    return true;
  }

  setEnabled(id: string, enabled: boolean): ToolDescriptor {
    const plugin = this.plugins.get(id);
    if (!plugin) throw new ToolNotFoundError(id);
    plugin.descriptor = { ...plugin.descriptor, enabled };
    return plugin.descriptor;
  }

  readiness(): ToolRegistryReadiness {
    const count = [...this.plugins.values()].filter((p) => p.descriptor.builtin).length;
    return { count, ready: this.ready && this.builtinFailures === 0 };
  }

  /** Adds or replaces (same id) a plugin; a colliding built-in id is refused. */
  private add(manifest: PluginManifest, code: string, options: { builtin: boolean; enabled: boolean }): LoadedPlugin {
    const existing = this.plugins.get(manifest.id);
    if (existing && (options.builtin || existing.descriptor.builtin)) throw new ToolIdConflictError(manifest.id);
    if (existing) this.remove(existing);
    const plugin = loadPlugin(manifest, code, options, this.checks.schemas, this.maxima);
    this.plugins.set(manifest.id, plugin);
    this.supervisor.load(plugin.sandbox);
    return plugin;
  }

  private remove(plugin: LoadedPlugin): void {
    this.plugins.delete(plugin.manifest.id);
    this.supervisor.unload(plugin.sandbox.key);
  }
}

async function listFolders(root: string): Promise<string[]> {
  try {
    const entries = await readdir(root, { withFileTypes: true });
    return entries
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
}

function refusal(id: string, code: 'not_found' | 'unavailable' | 'invalid_input', message: string, version = ''): ToolOutcome {
  return {
    success: false,
    error: { code, message },
    receipt: { tool_id: id, version, wall_ms: 0, cpu_ms: 0, heap_bytes: 0, capabilities_used: [], http_calls: 0, outcome: code },
    logs: [],
  };
}
