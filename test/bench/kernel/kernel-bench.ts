import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { AjvJsonSchemaValidator } from '../../../adapters/validation/ajv-json-schema-validator';
import { SemverVersionPolicy } from '../../../adapters/versions/semver-version-policy';
import { JsonValue } from '../../../core/shared/json';
import { PluginKernel } from '../../../plugins/kernel/plugin-kernel';
import { projectRoot } from '../../../plugins/kernel/sandbox/worker-script';
import { BareIsolate } from './bare-isolate';
import { median, timeCalls } from './stats';

const ACTOR = { userId: 'bench-user', role: 'user' as const };
const COLD_SAMPLES = 25;
const RSS_PLUGINS = 40;
/**
 * Calls in flight in the throughput run, all from one benchmark user: the per-user concurrency
 * cap (TOOLS_MAX_CONCURRENT_PER_USER) is raised to match, so the run still measures the pool.
 */
export const IN_FLIGHT = 16;

export interface KernelFigures {
  bare: { p50Ms: number; p99Ms: number; callsPerSecond: number };
  kernelSequential: { p50Ms: number; p99Ms: number; callsPerSecond: number };
  kernelConcurrent: { p50Ms: number; p99Ms: number; callsPerSecond: number };
  bareColdMs: number;
  kernelColdMs: number;
  bareRssPerIsolateMb: number;
  kernelRssPerIsolateMb: number;
  inputBytes: number;
  outputBytes: number;
}

/** About 1 KB of JSON: an expression over 60 named variables. */
function calculatorInput(): { expression: string; variables: Record<string, number> } {
  const variables: Record<string, number> = {};
  const terms: string[] = [];
  for (let i = 0; i < 60; i += 1) {
    variables[`v${i}`] = i + 0.5;
    terms.push(i % 3 === 0 ? `v${i} * 2` : `v${i}`);
  }
  return { expression: terms.join(' + '), variables };
}

export async function measureKernel(): Promise<KernelFigures> {
  const root = projectRoot();
  const manifest = JSON.parse(readFileSync(join(root, 'tools-builtin/calculator/manifest.json'), 'utf8')) as Record<string, JsonValue>;
  const bundle = readFileSync(join(root, 'tools-builtin/calculator/dist/index.js'), 'utf8');
  const input = calculatorInput();
  const inputJson = JSON.stringify(input);

  const bare = await BareIsolate.load(bundle);
  const output = await bare.call(inputJson);
  for (let i = 0; i < 3000; i += 1) await bare.call(inputJson);
  const bareStats = await timeCalls(20_000, 1, () => bare.call(inputJson));
  bare.dispose();

  const kernel = startKernel(2);
  await kernel.start();
  const invoke = async (id: string) => {
    const outcome = await kernel.registry.invoke(id, input as unknown as JsonValue, { actor: ACTOR });
    if (!outcome.success) throw new Error(`${id} failed: ${outcome.error.code}`);
  };
  for (let i = 0; i < 3000; i += 1) await invoke('calculator');
  const sequential = await timeCalls(10_000, 1, () => invoke('calculator'));
  const concurrent = await timeCalls(30_000, IN_FLIGHT, () => invoke('calculator'));

  const kernelCold: number[] = [];
  for (let i = 0; i < COLD_SAMPLES; i += 1) {
    const id = `cold_calculator_${i}`;
    await kernel.registry.register({ ...manifest, id, publisher: 'bench' }, bundle, { enabled: true });
    const t0 = performance.now();
    await invoke(id);
    kernelCold.push(performance.now() - t0);
  }
  await kernel.close();

  const bareCold: number[] = [];
  for (let i = 0; i < COLD_SAMPLES; i += 1) {
    const t0 = performance.now();
    const isolate = await BareIsolate.load(bundle);
    await isolate.call(inputJson);
    bareCold.push(performance.now() - t0);
    isolate.dispose();
  }

  return {
    bare: bareStats,
    kernelSequential: sequential,
    kernelConcurrent: concurrent,
    bareColdMs: median(bareCold),
    kernelColdMs: median(kernelCold),
    bareRssPerIsolateMb: await bareRssPerIsolate(bundle, inputJson),
    kernelRssPerIsolateMb: await kernelRssPerIsolate(manifest, bundle, input),
    inputBytes: Buffer.byteLength(inputJson),
    outputBytes: Buffer.byteLength(output),
  };
}

function startKernel(workers: number): PluginKernel {
  return new PluginKernel(
    { sandbox: { workers, maxTimeoutMs: 30_000, maxMemoryMb: 128 }, tools: { maxConcurrentPerUser: IN_FLIGHT } },
    { schemas: new AjvJsonSchemaValidator(), versions: new SemverVersionPolicy() },
    { only: ['calculator'] },
  );
}

async function bareRssPerIsolate(bundle: string, inputJson: string): Promise<number> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const isolates: BareIsolate[] = [];
  for (let i = 0; i < RSS_PLUGINS; i += 1) {
    const isolate = await BareIsolate.load(bundle);
    await isolate.call(inputJson);
    isolates.push(isolate);
  }
  const perIsolate = (process.memoryUsage().rss - before) / RSS_PLUGINS / 1024 / 1024;
  isolates.forEach((isolate) => isolate.dispose());
  return perIsolate;
}

async function kernelRssPerIsolate(manifest: Record<string, JsonValue>, bundle: string, input: object): Promise<number> {
  const kernel = startKernel(1);
  await kernel.start();
  const call = (id: string) => kernel.registry.invoke(id, input as JsonValue, { actor: ACTOR });
  await call('calculator');
  const pid = kernel.supervisor.pids()[0];
  const before = rssOf(pid);
  for (let i = 0; i < RSS_PLUGINS; i += 1) {
    const id = `rss_calculator_${i}`;
    await kernel.registry.register({ ...manifest, id, publisher: 'bench' }, bundle, { enabled: true });
    await call(id);
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  const perIsolate = (rssOf(pid) - before) / RSS_PLUGINS / 1024 / 1024;
  await kernel.close();
  return perIsolate;
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}
