import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { ServerHandle, startServer } from './load';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const CONCURRENCY = 4;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/** utime + stime of a process in clock ticks (USER_HZ, 100 a second on Linux). */
export function cpuTicks(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * The server's CPU time per request: a measure the load on a shared machine disturbs less than
 * req/s, as it counts only what the server process itself spent. Median of rounds, µs.
 */
export async function cpuPerRequest(server: ServerHandle, url: string, headers: Record<string, string>): Promise<number> {
  await autocannon({ url, headers, connections: CONCURRENCY, amount: REQUESTS });
  const rounds: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const before = cpuTicks(server.pid);
    const result = await autocannon({ url, headers, connections: CONCURRENCY, amount: REQUESTS });
    if (result.non2xx + result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
    rounds.push(((cpuTicks(server.pid) - before) * 10_000) / REQUESTS);
  }
  return rounds.sort((a, b) => a - b)[Math.floor(rounds.length / 2)];
}

/** `node dist/test/bench/cpu-per-request.js <server file> <path>...`: server CPU µs per request for each path. */
async function main(): Promise<void> {
  const [file, ...paths] = process.argv.slice(2);
  const server = await startServer(file, { env: { BENCH_LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent' }, stdoutFile: process.env.BENCH_LOG_FILE });
  try {
    const headers: Record<string, string> = server.token ? { authorization: `Bearer ${server.token}` } : {};
    const details = server.details as Record<string, string>;
    for (const raw of paths) {
      const path = raw.replace(/\{(\w+)\}/g, (_, name: string) => details[name] ?? '');
      const micros = await cpuPerRequest(server, `http://127.0.0.1:${server.port}${path}`, headers);
      process.stdout.write(`${raw}\t${Math.round(micros)} µs\n`);
    }
  } finally {
    server.stop();
  }
}

if (require.main === module) void main();
