import { performance } from 'node:perf_hooks';

export interface LatencyStats {
  callsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

/** Runs `call` `count` times, `concurrency` at a time, and summarises per-call latency. */
export async function timeCalls(count: number, concurrency: number, call: () => Promise<unknown>): Promise<LatencyStats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const t0 = performance.now();
        await call();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsed = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    callsPerSecond: Math.round((count / elapsed) * 1000),
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
  };
}

export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    0.5,
  );
}
