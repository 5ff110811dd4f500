import { ChildProcess, spawn } from 'node:child_process';
import { DataSourceTimeoutError, DataSourceUnreachableError } from '../../../core/domain/data-source/data-source.errors';
import { SQLITE_WORKER_SOURCE, SqliteAnswer, SqliteJob } from './sqlite-worker-source';

export interface SqliteProcessPoolOptions {
  /** Worker processes at most (queries beyond wait their turn). Default 2. */
  processes?: number;
  /** An idle worker exits after this long. Default 30 s. */
  idleMs?: number;
}

interface Worker {
  child: ChildProcess;
  idleTimer?: NodeJS.Timeout;
}

/**
 * A few child processes that run SQLite queries one at a time each. A query that passes its
 * deadline (or whose caller gives up) gets its process SIGKILLed and replaced on demand:
 * the only reliable way to stop a synchronous SQLite statement. The children get an empty
 * environment and a small heap.
 */
export class SqliteProcessPool {
  private readonly idle: Worker[] = [];
  private readonly waiting: Array<() => void> = [];
  private running = 0;
  private nextId = 1;
  private closed = false;
  private readonly driver: string;

  constructor(private readonly options: SqliteProcessPoolOptions = {}) {
    this.driver = require.resolve('better-sqlite3');
  }

  async run(job: Omit<SqliteJob, 'id'>, timeoutMs: number, signal?: AbortSignal): Promise<SqliteAnswer> {
    const worker = await this.acquire();
    const id = this.nextId++;
    return new Promise<SqliteAnswer>((resolve, reject) => {
      let settled = false;
      const finish = (keep: boolean, outcome: () => void): void => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        signal?.removeEventListener('abort', onAbort);
        worker.child.off('message', onMessage);
        worker.child.off('exit', onExit);
        if (keep) this.release(worker);
        else this.discard(worker);
        outcome();
      };
      const onMessage = (answer: SqliteAnswer): void => {
        if (answer.id === id) finish(true, () => resolve(answer));
      };
      const onExit = (): void => finish(false, () => reject(new DataSourceUnreachableError('The SQLite worker stopped unexpectedly')));
      const onAbort = (): void => finish(false, () => reject(new DataSourceUnreachableError('The query was cancelled')));
      const deadline = setTimeout(() => finish(false, () => reject(new DataSourceTimeoutError(timeoutMs))), timeoutMs);
      worker.child.on('message', onMessage);
      worker.child.once('exit', onExit);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (signal?.aborted) return onAbort();
      worker.child.send({ ...job, id });
    });
  }

  /** Kills every worker; later queries fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const worker of this.idle.splice(0)) this.kill(worker);
  }

  private async acquire(): Promise<Worker> {
    for (;;) {
      if (this.closed) throw new DataSourceUnreachableError('The SQLite query service is shut down');
      const idle = this.idle.pop();
      if (idle) {
        clearTimeout(idle.idleTimer);
        return this.busy(idle);
      }
      if (this.running < (this.options.processes ?? 2)) return this.busy(this.spawn());
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private spawn(): Worker {
    const child = spawn(process.execPath, ['--max-old-space-size=256', '-e', SQLITE_WORKER_SOURCE, this.driver], {
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      env: {},
      serialization: 'json',
    });
    child.on('error', () => child.kill('SIGKILL'));
    return { child };
  }

  private busy(worker: Worker): Worker {
    this.running += 1;
    worker.child.ref();
    worker.child.channel?.ref();
    return worker;
  }

  private release(worker: Worker): void {
    this.running -= 1;
    if (this.closed || worker.child.exitCode !== null) {
      this.kill(worker);
    } else {
      // An idle worker must not keep the host process alive.
      worker.child.unref();
      worker.child.channel?.unref();
      worker.idleTimer = setTimeout(() => this.retire(worker), this.options.idleMs ?? 30_000).unref();
      this.idle.push(worker);
    }
    this.waiting.shift()?.();
  }

  private discard(worker: Worker): void {
    this.running -= 1;
    this.kill(worker);
    this.waiting.shift()?.();
  }

  private retire(worker: Worker): void {
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    this.kill(worker);
  }

  private kill(worker: Worker): void {
    clearTimeout(worker.idleTimer);
    worker.child.kill('SIGKILL');
  }
}
