import { CAPABILITY_METHODS } from '../capabilities/capability-methods';
import { KernelLogger, silentLogger } from '../kernel-logger';
import { createEmptyWorkingDirectory, removeEmptyWorkingDirectory } from './empty-working-directory';
import { SandboxIdentity } from './sandbox-identity';
import { CapabilityCallback, SandboxRunResult } from './sandbox-protocol';
import { SandboxPlugin, SandboxRunRequest } from './sandbox-plugin';
import { SandboxWorkerProcess, WorkerProcessOptions } from './sandbox-worker-process';
import { UserSlots } from './user-slots';
import { sandboxWorkerScript } from './worker-script';

export interface SandboxSupervisorOptions {
  /** Worker processes (`config.sandbox.workers`). */
  workers: number;
  heapMb?: number;
  graceMs?: number;
  startTimeoutMs?: number;
  /** Isolates per plugin version in one worker (warm 1, up to this many under load). */
  maxIsolatesPerPlugin?: number;
  /** Warm contexts (one per user) kept per isolate; the least recently used beyond it are released. */
  maxContextsPerIsolate?: number;
  /** The same, for all the plugins of one worker together (bounds the memory many users can pin). */
  maxContextsPerWorker?: number;
  maxOutputChars?: number;
  /** Calls of one user running at once across the pool (`TOOLS_MAX_CONCURRENT_PER_USER`, default 4). */
  maxConcurrentPerUser?: number;
  /** How long a call past its user's share waits for a slot before failing with `rate_limited` (default 2000). */
  userSlotWaitMs?: number;
  /**
   * The SDK methods that cross to the host, per capability; the workers build `kernel:api` from
   * it. Default: the table the capability router serves.
   */
  capabilityMethods?: Readonly<Record<string, ReadonlyArray<string>>>;
  /** The worker script; tests substitute misbehaving workers. */
  script?: string;
  /** The unprivileged user workers run as (`sandboxIdentity`); undefined: the server's own. */
  identity?: SandboxIdentity;
  logger?: KernelLogger;
}

interface Slot {
  worker: SandboxWorkerProcess;
  ready: Promise<void>;
  isReady: boolean;
}

/**
 * Runs plugin calls in a supervised pool of sandbox worker processes. A worker that
 * crashes, is killed, reports a catastrophic isolate error or misses a deadline is
 * replaced; its calls in flight fail with a tool error, never a throw. Each user has a
 * share of concurrent calls; a call past it waits briefly, then fails with `rate_limited`.
 */
export class SandboxSupervisor {
  private readonly slots: Slot[] = [];
  private readonly plugins = new Map<string, SandboxPlugin>();
  /** Plugin key -> its home worker's index, so a plugin's isolates (and users' contexts) stay in one worker when it can. */
  private readonly homes = new Map<string, number>();
  private readonly processOptions: Omit<WorkerProcessOptions, 'cwd'>;
  /** Made by the first start, removed by close. */
  private workDir?: string;
  private readonly logger: KernelLogger;
  private readonly userSlots: UserSlots;
  private closed = false;
  private restarts = 0;

  constructor(private readonly options: SandboxSupervisorOptions) {
    this.logger = options.logger ?? silentLogger;
    this.userSlots = new UserSlots(options.maxConcurrentPerUser ?? 4, options.userSlotWaitMs ?? 2000);
    this.processOptions = {
      script: options.script ?? sandboxWorkerScript(),
      heapMb: options.heapMb ?? 512,
      graceMs: options.graceMs ?? 2000,
      startTimeoutMs: options.startTimeoutMs ?? 20_000,
      identity: options.identity,
      workerOptions: {
        maxIsolates: options.maxIsolatesPerPlugin ?? 2,
        maxContexts: options.maxContextsPerIsolate ?? 16,
        maxContextsPerWorker: options.maxContextsPerWorker ?? 256,
        bootstrap: { maxOutputChars: options.maxOutputChars ?? 1_048_576, remote: options.capabilityMethods ?? CAPABILITY_METHODS },
      },
    };
  }

  /** Forks the workers once; resolves when at least one is ready (the others, or their replacements, follow). */
  async start(): Promise<void> {
    if (this.closed) throw new Error('The sandbox supervisor is closed');
    if (this.slots.length === 0) {
      for (let index = 0; index < Math.max(1, this.options.workers); index += 1) this.spawn(index);
    }
    if (this.slots.some((s) => s.isReady && s.worker.alive)) return;
    try {
      await Promise.any(this.slots.map((slot) => slot.ready));
    } catch {
      throw new Error('No sandbox worker could be started');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => slot.worker.close()));
    if (this.workDir) removeEmptyWorkingDirectory(this.workDir);
    this.workDir = undefined;
  }

  /**
   * Makes a plugin version runnable. Its home worker, when ready, receives the code now, so the
   * first call does not carry it; the other workers (and replacements) receive it on first use.
   */
  load(plugin: SandboxPlugin): void {
    this.plugins.set(plugin.key, plugin);
    const home = hash(plugin.key);
    this.homes.set(plugin.key, home);
    const slot = this.slots[home % Math.max(1, this.slots.length)];
    if (slot?.isReady && slot.worker.alive) slot.worker.ensureLoaded(plugin);
  }

  unload(key: string): void {
    this.plugins.delete(key);
    this.homes.delete(key);
    for (const slot of this.slots) slot.worker.unload(key);
  }

  async run(request: SandboxRunRequest, onCapability: CapabilityCallback): Promise<SandboxRunResult> {
    const plugin = this.plugins.get(request.key);
    if (!plugin) return unavailable('The plugin is not loaded');
    const release = this.userSlots.tryAcquire(request.user) ?? (await this.userSlots.acquire(request.user, request.signal));
    if (!release) {
      if (request.signal?.aborted) return failed('timeout', 'The tool call was cancelled');
      return failed('rate_limited', `At most ${this.userSlots.perUser} tool calls of one user run at once; try again shortly`);
    }
    return this.runOnWorker(plugin, request, onCapability).finally(release);
  }

  private async runOnWorker(plugin: SandboxPlugin, request: SandboxRunRequest, onCapability: CapabilityCallback): Promise<SandboxRunResult> {
    // The common case picks a ready worker at once, with no await on the call's path.
    let slot = this.leastBusy(request.key);
    if (!slot) {
      try {
        await this.start();
      } catch {
        return unavailable('The sandbox could not be started');
      }
      slot = await this.readyWorker(request.key);
    }
    if (!slot) return unavailable('No sandbox worker is available');
    slot.worker.ensureLoaded(plugin);
    return slot.worker.run(request, onCapability);
  }

  /** Live worker pids, for health reports and tests. */
  pids(): number[] {
    return this.slots.filter((s) => s.isReady && s.worker.alive).map((s) => s.worker.pid ?? 0);
  }

  get restartCount(): number {
    return this.restarts;
  }

  /**
   * The ready worker with the fewest calls in flight, so both are busy under load and no call
   * waits behind another worker's queue; ties go to the plugin's home worker, where its
   * isolates and its users' warm contexts already are.
   */
  private leastBusy(key: string): Slot | undefined {
    const home = this.slots[(this.homes.get(key) ?? 0) % Math.max(1, this.slots.length)];
    let best: Slot | undefined;
    for (const slot of this.slots) {
      if (!slot.isReady || !slot.worker.alive) continue;
      if (!best || slot.worker.load < best.worker.load || (slot.worker.load === best.worker.load && slot === home)) best = slot;
    }
    return best;
  }

  /** Every worker is being replaced: wait for the first one back rather than fail the call. */
  private async readyWorker(key: string): Promise<Slot | undefined> {
    const ready = this.leastBusy(key);
    if (ready) return ready;
    const starting = this.slots.filter((s) => s.worker.alive).map((s) => s.ready.catch(() => undefined));
    if (starting.length > 0) await Promise.race(starting);
    return this.leastBusy(key);
  }

  private spawn(index: number): void {
    const worker = new SandboxWorkerProcess({ ...this.processOptions, cwd: this.workingDirectory() }, (dead, detail) => this.replace(index, dead, detail));
    const slot: Slot = { worker, ready: Promise.resolve(), isReady: false };
    slot.ready = worker.start().then(() => {
      slot.isReady = true;
    });
    slot.ready.catch(() => undefined);
    this.slots[index] = slot;
  }

  private workingDirectory(): string {
    this.workDir ??= createEmptyWorkingDirectory();
    return this.workDir;
  }

  private replace(index: number, dead: SandboxWorkerProcess, detail: string): void {
    if (this.closed || this.slots[index]?.worker !== dead) return;
    this.restarts += 1;
    this.logger.warn({ pid: dead.pid, detail }, 'sandbox worker stopped; starting a replacement');
    if (this.slots[index].isReady) {
      this.spawn(index);
      return;
    }
    // A worker that dies while starting is retried after a pause, not in a tight loop.
    setTimeout(() => {
      if (!this.closed) this.spawn(index);
    }, 1000).unref();
  }
}

function hash(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return Math.abs(h);
}

function unavailable(message: string): SandboxRunResult {
  return failed('unavailable', message);
}

function failed(code: 'unavailable' | 'rate_limited' | 'timeout', message: string): SandboxRunResult {
  return { ok: false, error: { code, message }, logs: [], metrics: { cpuMs: 0, heapBytes: 0 }, used: [] };
}
