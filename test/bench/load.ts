import { fork } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export interface ServerHandle {
  port: number;
  /** The server process's id, to read its CPU time from /proc. */
  pid: number;
  token?: string;
  /** Anything else the server reported when it was ready (ids it seeded, timings…). */
  details: Record<string, unknown>;
  stop(): void;
}

export interface ServerOptions {
  env?: NodeJS.ProcessEnv;
  /** A file that takes the server's stdout (its log), as in a deployment that logs to a file. */
  stdoutFile?: string;
}

/** Starts a bench server in its own process (so the load generator does not share its event loop). */
export function startServer(file: string, options: ServerOptions = {}): Promise<ServerHandle> {
  const stdout = options.stdoutFile ? openSync(options.stdoutFile, 'w') : 'inherit';
  const child = fork(join(__dirname, 'servers', file), [], {
    execArgv: ['--no-node-snapshot'],
    env: { ...process.env, ...options.env },
    stdio: ['inherit', stdout, 'inherit', 'ipc'],
  });
  if (typeof stdout === 'number') child.once('exit', () => closeSync(stdout));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
    child.once('message', ({ port, token, ...details }: { port: number; token?: string } & Record<string, unknown>) => {
      resolve({ port, pid: child.pid ?? 0, token, details, stop: () => child.kill('SIGKILL') });
    });
  });
}

export async function measure(name: string, url: string, headers: Record<string, string>, seconds: number): Promise<LoadResult> {
  await autocannon({ url, headers, connections: 50, duration: 2 });
  const result = await autocannon({ url, headers, connections: 50, duration: seconds });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}
