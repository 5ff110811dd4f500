import { ChildProcess, fork } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');

/**
 * A real `bin/worker` in a child process, run from the TypeScript sources, with only the
 * environment it is given (and PATH). Its output is kept for the message of a failing test.
 */
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

  /** Sends `signal` (SIGKILL: no shutdown hook runs) and waits for the process to be gone. */
  async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    if (this.running) this.child.kill(signal);
    await this.exited;
  }
}
