import { join } from 'node:path';
import { JsonSchemaValidator } from '../../core/ports/json-schema-validator.port';
import { ToolRegistryReadiness } from '../../core/ports/tool-registry.port';
import { VersionPolicy } from '../../core/ports/version-policy.port';
import { CapabilityRouter } from './capabilities/capability-router';
import { KernelLogger, silentLogger } from './kernel-logger';
import { FolderLoadReport, PluginRegistry } from './registry/plugin-registry';
import { ToolInvoker } from './registry/tool-invoker';
import { firstUnreachable } from './sandbox/reachable-by';
import { DEFAULT_SANDBOX_USER, SandboxIdentity, sandboxIdentity } from './sandbox/sandbox-identity';
import { SandboxSupervisor } from './sandbox/sandbox-supervisor';
import { projectRoot, sandboxWorkerScript } from './sandbox/worker-script';

/** The settings the kernel reads; `AppConfig` satisfies it as is. */
export interface KernelConfig {
  /**
   * `pluginPublicKeys`: base64 DER SPKI Ed25519 keys that may sign plugin bundles (none: bundle installs refused).
   * `user`: who the workers run as when the server is root (default `nobody`; see `sandboxIdentity`).
   */
  sandbox: { workers: number; maxTimeoutMs: number; maxMemoryMb: number; pluginPublicKeys?: ReadonlyArray<string>; user?: string };
  /** `maxConcurrentPerUser`: one user's calls running at once in the sandbox pool (default 4). */
  tools?: { maxConcurrentPerUser: number };
}

export interface KernelPorts {
  /** Compiles every manifest's input and output schema, under the bounds of any untrusted schema. */
  schemas: JsonSchemaValidator;
  /** Checks every manifest's version and kernel range. */
  versions: VersionPolicy;
  logger?: KernelLogger;
}

export interface KernelOptions {
  /** Default: `<checkout>/tools-builtin`. */
  builtinDir?: string;
  /** Only these built-in ids (tests). */
  only?: string[];
  /** Extra trusted plugin folders, each holding `<id>/manifest.json` (fixtures, bundled examples). */
  pluginDirs?: string[];
  maxIsolatesPerPlugin?: number;
  /** Warm contexts (one per user) per isolate (default 16) and per sandbox worker (default 256). */
  maxContextsPerIsolate?: number;
  maxContextsPerWorker?: number;
  /** The market folder (`<id>/manifest.json` per plugin, installable on request). Default: `<checkout>/plugins/market`. */
  marketDir?: string;
}

/**
 * The plugin kernel: sandbox worker pool, capability router and tool registry. The router starts
 * empty: whoever makes the kernel installs the capabilities' host side before `start()`. `start()`
 * launches the workers and loads the built-in tools; `close()` stops the workers.
 */
export class PluginKernel {
  readonly registry: PluginRegistry;
  readonly capabilities: CapabilityRouter;
  readonly supervisor: SandboxSupervisor;
  private starting?: Promise<void>;
  private booted = false;
  private report: FolderLoadReport = { loaded: [], failed: [] };

  constructor(
    config: KernelConfig,
    ports: KernelPorts,
    private readonly options: KernelOptions = {},
  ) {
    const logger = ports.logger ?? silentLogger;
    this.supervisor = new SandboxSupervisor({
      workers: config.sandbox.workers,
      maxIsolatesPerPlugin: options.maxIsolatesPerPlugin,
      maxContextsPerIsolate: options.maxContextsPerIsolate,
      maxContextsPerWorker: options.maxContextsPerWorker,
      maxConcurrentPerUser: config.tools?.maxConcurrentPerUser,
      identity: workerIdentity(config.sandbox.user ?? DEFAULT_SANDBOX_USER, logger),
      logger,
    });
    this.capabilities = new CapabilityRouter(logger);
    const invoker = new ToolInvoker(this.supervisor, this.capabilities);
    this.registry = new PluginRegistry(this.supervisor, invoker, { schemas: ports.schemas, versions: ports.versions }, config.sandbox, logger);
  }

  /** Idempotent; a failed start may be retried. */
  start(): Promise<void> {
    this.starting ??= this.boot().catch((error: unknown) => {
      this.starting = undefined;
      throw error;
    });
    return this.starting;
  }

  private async boot(): Promise<void> {
    await this.supervisor.start();
    if (this.booted) return;
    const builtinDir = this.options.builtinDir ?? join(projectRoot(), 'tools-builtin');
    this.report = await this.registry.loadFolders(builtinDir, { builtin: true, only: this.options.only });
    for (const dir of this.options.pluginDirs ?? []) await this.registry.loadFolders(dir, { builtin: false });
    this.booted = true;
    this.registry.markReady();
  }

  close(): Promise<void> {
    return this.supervisor.close();
  }

  readiness(): ToolRegistryReadiness {
    return this.registry.readiness();
  }

  /** Built-in folders that failed to load, with every problem found. */
  builtinLoadReport(): FolderLoadReport {
    return this.report;
  }
}

/**
 * The sandbox user, unless it cannot load the worker (the installation sits where it may not
 * read, such as under `/root`): then the workers keep the server's user and the start-up log
 * says why, rather than the server failing to start.
 */
function workerIdentity(user: string, logger: KernelLogger): SandboxIdentity | undefined {
  const identity = sandboxIdentity(user);
  if (!identity) return undefined;
  const blocked = firstUnreachable(identity, [sandboxWorkerScript(), require.resolve('isolated-vm')]);
  if (!blocked) return identity;
  logger.warn(
    { sandboxUser: user, path: blocked },
    'sandbox workers run as the server user: SANDBOX_USER cannot read the installation; install it where that user can read it (not under /root)',
  );
  return undefined;
}
