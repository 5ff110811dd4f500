import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentsSection } from './agents/agents-section';
import { chatSection } from './chat/chat-section';
import { workflowsSection } from './workflows/workflows-section';
import { kernelSection } from './kernel/kernel-section';
import { knowledgeSection } from './knowledge/knowledge-section';
import { LoadResult, measure, ServerOptions, startServer } from './load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Pairs measured besides the table's for the HTTP ratios, whose median is reported. */
const EXTRA_PAIRS = 2;
const DOCS = join(__dirname, '..', '..', '..', 'docs', 'benchmarks.md');

interface Section {
  title: string;
  markdown: string;
}

/**
 * `npm run bench [http|kernel|agents|chat|workflows|knowledge]`: every figure is a ratio to a reference measured in the
 * same run. Each measured section replaces its namesake in docs/benchmarks.md; the others stay.
 */
async function main(): Promise<void> {
  const only = process.argv[2];
  const sections: Section[] = [];
  if (!only || only === 'http') sections.push(await httpSection());
  if (!only || only === 'kernel') sections.push(await kernelSection());
  if (!only || only === 'agents') sections.push(await agentsSection());
  if (!only || only === 'chat') sections.push(await chatSection());
  if (!only || only === 'workflows') sections.push(await workflowsSection());
  if (!only || only === 'knowledge') sections.push(await knowledgeSection());
  writeFileSync(DOCS, render(merged(sections)));
  process.stdout.write(`wrote ${DOCS}\n`);
}

async function httpSection(): Promise<Section> {
  const bare = await run('bare-http.server.js', 'bare node:http JSON (reference)', '/', false);
  const minimal = await run('express-minimal.server.js', 'Express + JSON + jsonwebtoken + better-sqlite3 (reference)', '/me', true);
  const health = await run('platform.server.js', 'platform GET /health', '/health', false);
  const me = await run('platform.server.js', 'platform GET /api/v1/auth/me', '/api/v1/auth/me', true);
  const loggedRun = () =>
    run('platform.server.js', 'platform GET /api/v1/auth/me, LOG_LEVEL=info to a file', '/api/v1/auth/me', true, {
      env: { BENCH_LOG_LEVEL: 'info' },
      stdoutFile: join(tmpdir(), 'bench-platform-access.log'),
    });
  const logged = await loggedRun();
  const rows = [bare, minimal, health, me, logged].map(
    (r) => `| ${r.name} | ${r.requestsPerSecond} | ${pct(r.requestsPerSecond, bare.requestsPerSecond)} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors + r.non2xx} |`,
  );
  // One pair of 10 s runs swings by ±10 % on a 2-vCPU machine: each ratio is the median of three pairs, run back to back.
  const meRun = () => run('platform.server.js', 'platform GET /api/v1/auth/me', '/api/v1/auth/me', true);
  const throughputRatios = [me.requestsPerSecond / minimal.requestsPerSecond];
  const loggingRatios = [logged.requestsPerSecond / me.requestsPerSecond];
  for (let pair = 0; pair < EXTRA_PAIRS; pair += 1) {
    const reference = await run('express-minimal.server.js', 'minimal', '/me', true);
    const silent = await meRun();
    const withLog = await loggedRun();
    throughputRatios.push(silent.requestsPerSecond / reference.requestsPerSecond);
    loggingRatios.push(withLog.requestsPerSecond / silent.requestsPerSecond);
  }
  const throughputRatio = median(throughputRatios);
  const p99Ratio = me.p99Ms / Math.max(minimal.p99Ms, 1);
  const loggingRatio = median(loggingRatios);
  const markdown = [
    `autocannon, 50 connections, ${SECONDS} s per target after a 2 s warm-up; each server in its own process (ours with LOG_LEVEL=silent, as the references log nothing),`,
    `the load generator in another, all on this ${cpus().length}-vCPU machine (they compete for the cores).`,
    '',
    '| target | req/s | % of bare | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `- \`/auth/me\` throughput vs the minimal Express route, median of ${throughputRatios.length} pairs (${ratios(throughputRatios)}): **${pct(throughputRatio, 1)}** (target ≥ 60 %: ${verdict(throughputRatio >= 0.6)})`,
    `- \`/auth/me\` p99 vs the minimal Express route: **${p99Ratio.toFixed(2)}×** (target ≤ 2×: ${verdict(p99Ratio <= 2)})`,
    `- \`/auth/me\` with the default \`LOG_LEVEL=info\` (access log to a file) vs silent, median of ${loggingRatios.length} pairs (${ratios(loggingRatios)}): **${pct(loggingRatio, 1)}** (target ≥ 90 %: ${verdict(loggingRatio >= 0.9)})`,
  ].join('\n');
  return { title: 'HTTP: health and an authenticated read', markdown };
}

async function run(server: string, name: string, path: string, authenticated: boolean, options: ServerOptions = {}): Promise<LoadResult> {
  const handle = await startServer(server, options);
  try {
    const headers: Record<string, string> = authenticated && handle.token ? { authorization: `Bearer ${handle.token}` } : {};
    return await measure(name, `http://127.0.0.1:${handle.port}${path}`, headers, SECONDS);
  } finally {
    handle.stop();
  }
}

function pct(value: number, reference: number): string {
  return `${((value / reference) * 100).toFixed(1)} %`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function ratios(values: number[]): string {
  return values.map((value) => pct(value, 1)).join(', ');
}

function verdict(met: boolean): string {
  return met ? 'met' : 'NOT met';
}

function render(sections: Section[]): string {
  return [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (`npm run bench -- <http|kernel|agents|chat|workflows>` measures one section and keeps the others); each',
    'section says when it was measured. Absolute figures drift ±15–30 % between runs on this kind of machine; the ratios to',
    'the references measured in the same run are what the targets are about.',
    '',
    ...sections.flatMap((s) => [`## ${s.title}`, '', s.markdown, '']),
  ].join('\n');
}

/** The sections of the current file, with each one just measured (dated) in place of its namesake, new ones appended. */
function merged(measured: Section[]): Section[] {
  const dated = measured.map((s) => ({ ...s, markdown: `Measured on ${new Date().toISOString()} (Node ${process.version}).\n\n${s.markdown}` }));
  const existing = existsSync(DOCS) ? sectionsOf(readFileSync(DOCS, 'utf8')) : [];
  const result = existing.map((s) => dated.find((m) => m.title === s.title) ?? s);
  return [...result, ...dated.filter((m) => !existing.some((s) => s.title === m.title))];
}

function sectionsOf(markdown: string): Section[] {
  return markdown
    .split(/^## /m)
    .slice(1)
    .map((chunk) => {
      const newline = chunk.indexOf('\n');
      return { title: chunk.slice(0, newline).trim(), markdown: chunk.slice(newline).trim() };
    });
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
