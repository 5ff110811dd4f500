import { ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eventually } from './eventually';

const ROOT = resolve(__dirname, '../..');

/**
 * A real `bin/worker` in a child process, run from the TypeScript sources, with only the
 * environment it is given (and PATH). Its output is kept for the message of a failing test.
 */
/** Lease settings under which a dead worker's execution comes back within seconds. */
export const SHORT_LEASES = { EXECUTION_HEARTBEAT_MS: '200', EXECUTION_LEASE_TTL_MS: '1500', EXECUTION_RECLAIM_INTERVAL_MS: '200' } as const;

export class WorkerProcess {
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;
  private log = '';

  constructor(env: Record<string, string>) {
    this.child = fork(join(ROOT, 'bin/worker.ts'), [], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', ...env },
      execArgv: ['--no-node-snapshot', '-r', join(ROOT, 'test/support/transpile-on-require.js')],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    const keep = (chunk: Buffer) => (this.log = (this.log + chunk.toString('utf8')).slice(-4000));
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((done) => this.child.once('exit', () => done()));
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** What the worker wrote last (at most 4,000 characters). */
  get output(): string {
    return this.log;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Polls `found` until it answers, at most `timeoutMs`; a worker that died on its own fails it with what it wrote. */
  until<T>(found: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
    return eventually(async () => {
      if (!this.running) throw new Error(`the worker exited:\n${this.output}`);
      return found();
    }, timeoutMs);
  }

  /** Sends `signal` (SIGKILL: no shutdown hook runs) and waits for the process to be gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
  }
}

/** Workers of one environment, each with a data directory of its own; `stop` kills them all and removes the directories. */
export class WorkerFleet {
  private readonly workers: WorkerProcess[] = [];
  private readonly dataDirs: string[] = [];

  constructor(private readonly env: Record<string, string>) {}

  start(): WorkerProcess {
    const dataDir = mkdtempSync(join(tmpdir(), 'worker-process-'));
    this.dataDirs.push(dataDir);
    const worker = new WorkerProcess({ ...this.env, DATA_DIR: dataDir });
    this.workers.push(worker);
    return worker;
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.kill()));
    for (const dir of this.dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}
