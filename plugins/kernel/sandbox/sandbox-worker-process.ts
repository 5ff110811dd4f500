import { ChildProcess, fork, ForkOptions } from 'node:child_process';
import { CapabilityCallback, FromWorker, SandboxRunResult, ToWorker } from './sandbox-protocol';
import { SandboxIdentity } from './sandbox-identity';
import { SandboxPlugin, SandboxRunRequest } from './sandbox-plugin';

export interface WorkerProcessOptions {
  script: string;
  /** Heap cap of the worker's own V8 heap (isolates have their own limits). */
  heapMb: number;
  /** Passed to the worker as its only argument (pool sizes, output and log caps). */
  workerOptions: Record<string, unknown>;
  /** How long past a call's own deadline the worker may stay silent before it is killed. */
  graceMs: number;
  startTimeoutMs: number;
  /** An empty directory the worker starts in (no relative path leads to the server's files). */
  cwd: string;
  /** Set when the server runs as root: the unprivileged user the worker runs as. */
  identity?: SandboxIdentity;
}

interface InFlight {
  resolve: (result: SandboxRunResult) => void;
  onCapability: CapabilityCallback;
  timer: NodeJS.Timeout;
  /** Removes the abort listener, so a long-lived caller signal does not collect one per call. */
  detach: () => void;
}

/** Why a worker went away, for the calls it took with it. */
type ExitReason = { code: 'unavailable'; message: string };

let nextCallId = 0;

/** One forked sandbox worker: sends calls, answers its capability requests, times it out. */
export class SandboxWorkerProcess {
  readonly loaded = new Set<string>();
  private readonly inFlight = new Map<number, InFlight>();
  private child?: ChildProcess;
  private exitReason?: ExitReason;
  private exitDetail?: string;
  private exited = false;

  constructor(
    private readonly options: WorkerProcessOptions,
    private readonly onExit: (worker: SandboxWorkerProcess, detail: string) => void,
  ) {}

  get load(): number {
    return this.inFlight.size;
  }

  get alive(): boolean {
    return !this.exited;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): Promise<void> {
    const child = fork(this.options.script, [JSON.stringify(this.options.workerOptions)], workerForkOptions(this.options));
    this.child = child;
    child.stderr?.resume();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.kill('unavailable', 'The sandbox worker did not start');
        reject(new Error('The sandbox worker did not start in time'));
      }, this.options.startTimeoutMs);
      child.on('message', (message: FromWorker) => {
        if (message.t === 'ready') {
          clearTimeout(timer);
          resolve();
        }
        this.handle(message);
      });
      child.on('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`The sandbox worker exited during start (${signal ?? code})`));
        this.handleExit(`exit ${signal ?? code}`);
      });
      child.on('error', () => undefined);
    });
  }

  ensureLoaded(plugin: SandboxPlugin): void {
    if (this.loaded.has(plugin.key)) return;
    this.loaded.add(plugin.key);
    this.send({ t: 'load', ...plugin });
  }

  unload(key: string): void {
    if (this.loaded.delete(key)) this.send({ t: 'unload', key });
  }

  run(request: SandboxRunRequest, onCapability: CapabilityCallback): Promise<SandboxRunResult> {
    const id = (nextCallId += 1);
    return new Promise((resolve) => {
      if (this.exited) {
        resolve(failed('unavailable', 'The sandbox worker is not running'));
        return;
      }
      // The worker enforces the deadline itself; this one only fires when the worker is wedged.
      const timer = setTimeout(() => {
        this.settle(id, failed('timeout', `The tool did not finish within ${request.timeoutMs} ms`));
        this.kill('unavailable', 'The sandbox worker was restarted after a tool wedged it');
      }, request.timeoutMs + this.options.graceMs);
      const onAbort = () => this.cancel(id);
      request.signal?.addEventListener('abort', onAbort, { once: true });
      const detach = () => request.signal?.removeEventListener('abort', onAbort);
      this.inFlight.set(id, { resolve, onCapability, timer, detach });
      this.send({ t: 'call', id, key: request.key, user: request.user, input: request.input, cpuMs: request.cpuMs, timeoutMs: request.timeoutMs });
    });
  }

  /** SIGKILL: a wedged V8 may ignore anything gentler. Calls in flight fail with `reason`. */
  kill(code: ExitReason['code'], message: string): void {
    this.exitReason ??= { code, message };
    if (!this.exited) this.child?.kill('SIGKILL');
  }

  close(): Promise<void> {
    if (this.exited || !this.child) return Promise.resolve();
    return new Promise((resolve) => {
      this.child?.once('exit', () => resolve());
      this.kill('unavailable', 'The sandbox is shutting down');
    });
  }

  private cancel(id: number): void {
    const call = this.inFlight.get(id);
    if (!call) return;
    this.settle(id, failed('timeout', 'The tool call was cancelled'));
    this.send({ t: 'cancel', id });
  }

  private handle(message: FromWorker): void {
    switch (message.t) {
      case 'cap':
        this.answerCapability(message);
        return;
      case 'done': {
        const { t: _t, id, ...result } = message;
        this.settle(id, result as SandboxRunResult);
        return;
      }
      case 'fatal':
        this.kill('unavailable', 'The sandbox worker failed and was restarted');
        this.exitDetail = message.message;
        return;
      default:
        return;
    }
  }

  private answerCapability(message: Extract<FromWorker, { t: 'cap' }>): void {
    const call = this.inFlight.get(message.call);
    const answer = call
      ? call.onCapability(message.capability, message.method, message.args)
      : Promise.resolve(`0${JSON.stringify({ code: 'unavailable', message: 'The tool call has ended' })}`);
    void answer
      .catch(() => `0${JSON.stringify({ code: 'upstream_error', message: `The ${message.capability} capability failed` })}`)
      .then((result) => this.send({ t: 'cap-result', id: message.id, result }));
  }

  private settle(id: number, result: SandboxRunResult): void {
    const call = this.inFlight.get(id);
    if (!call) return;
    this.inFlight.delete(id);
    clearTimeout(call.timer);
    call.detach();
    call.resolve(result);
  }

  private handleExit(detail: string): void {
    if (this.exited) return;
    this.exited = true;
    const reason = this.exitReason ?? { code: 'unavailable', message: 'The sandbox worker stopped unexpectedly' };
    for (const id of [...this.inFlight.keys()]) this.settle(id, failed(reason.code, reason.message));
    this.onExit(this, this.exitDetail ?? detail);
  }

  private send(message: ToWorker): void {
    if (this.exited || !this.child?.connected) return;
    this.child.send(message, (error) => {
      if (error) this.kill('unavailable', 'The sandbox worker stopped answering');
    });
  }
}

/**
 * How a worker is started: no secrets (an empty environment; it talks only over IPC), in an
 * empty directory, and as the unprivileged sandbox user when there is one (node also drops the
 * supplementary groups then). The worker closes the descriptors it inherited itself.
 */
export function workerForkOptions(options: WorkerProcessOptions): ForkOptions {
  return {
    env: {},
    cwd: options.cwd,
    ...(options.identity ?? {}),
    execArgv: ['--no-node-snapshot', `--max-old-space-size=${options.heapMb}`],
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'json',
  };
}

function failed(code: 'timeout' | 'unavailable', message: string): SandboxRunResult {
  return { ok: false, error: { code, message }, logs: [], metrics: { cpuMs: 0, heapBytes: 0 }, used: [] };
}
