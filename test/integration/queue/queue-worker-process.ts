import { ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';

const ROOT = resolve(__dirname, '../../..');
const WORKER_SCRIPT = join(ROOT, 'test/fixtures/queue/crash-worker.js');

export type WorkerMode = 'hang' | 'crash' | 'complete';

export interface WorkerEvent {
  event: 'ready' | 'started' | 'done';
  id?: string;
  attempt?: number;
}

/** Bundles the RabbitMQ adapter into plain JavaScript that a child process can require. */
export function bundleRabbitMqAdapter(): { bundle: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'queue-bundle-'));
  const bundle = join(dir, 'rabbitmq-job-queue.js');
  buildSync({
    entryPoints: [join(ROOT, 'adapters/queue/rabbitmq/rabbitmq-job-queue.ts')],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: bundle,
    logLevel: 'error',
  });
  return { bundle, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** One crash-worker child process and what it reported. */
export class QueueWorkerProcess {
  readonly events: WorkerEvent[] = [];
  private readonly child: ChildProcess;
  private readonly exited: Promise<void>;

  constructor(mode: WorkerMode, env: Record<string, string>) {
    this.child = fork(WORKER_SCRIPT, [], {
      env: { PATH: process.env.PATH ?? '', ...env, WORKER_MODE: mode },
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (message: WorkerEvent) => this.events.push(message));
    this.exited = new Promise((done) => this.child.once('exit', () => done()));
  }

  async waitFor(predicate: (event: WorkerEvent) => boolean, timeoutMs = 10_000): Promise<WorkerEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(predicate);
      if (found) return found;
      if (this.child.exitCode !== null || this.child.signalCode !== null) throw new Error('worker exited before the expected event');
      if (Date.now() > deadline) throw new Error('worker did not report the expected event in time');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async kill(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
    await this.exited;
  }

  async whenExited(): Promise<void> {
    await this.exited;
  }
}
