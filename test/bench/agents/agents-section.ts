import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { cpuTicks } from '../cpu-per-request';
import { LoadResult, measure, ServerHandle, startServer } from '../load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const CONNECTIONS = 50;
const PAGE_SIZE = 20;

interface Target {
  name: string;
  url: string;
}

/** One target over every round: req/s and the server's CPU time per request, each round's. */
interface Rounds {
  name: string;
  requestsPerSecond: number[];
  cpuMicros: number[];
  p50Ms: number[];
  p99Ms: number[];
  errors: number;
}

/**
 * `GET /agents` page 1 and the middle page reached by cursor, pages of 20 and of one agent, against
 * `GET /agents/{id}`, over HTTP, on one server holding 100,000 agents (servers/agents.server.ts).
 * They are measured in turn, round after round, and each ratio is the median of the rounds' ratios:
 * on a shared 2-vCPU machine one run of one target can be a third slower or faster than the next,
 * and rounds taken side by side see the same machine. The middle page by number is measured once, last.
 */
export async function agentsSection(): Promise<{ title: string; markdown: string }> {
  const server = await startServer('agents.server.js');
  try {
    const { pointId, visible, seedMs } = server.details as { pointId: string; visible: number; seedMs: number };
    const pages = Math.ceil(visible / PAGE_SIZE);
    // Pages past the middle are read from the other end, so the middle one is the deepest there is.
    const deepPage = Math.ceil(pages / 2);
    const headers = { authorization: `Bearer ${server.token}` };
    const url = (path: string) => `http://127.0.0.1:${server.port}/api/v1/agents${path}`;
    const cursor = await cursorBefore(url(`?page=${deepPage - 1}`), headers);
    const cursorOfOne = await cursorBefore(url(`?page=${Math.ceil(visible / 2) - 1}&page_size=1`), headers);
    const targets: Target[] = [
      { name: 'GET /agents/{id}', url: url(`/${pointId}`) },
      { name: `GET /agents (page 1 of ${pages})`, url: url('') },
      { name: 'GET /agents?cursor=… (the middle page by cursor)', url: url(`?cursor=${cursor}`) },
      { name: 'GET /agents?page_size=1 (page 1, one agent)', url: url('?page_size=1') },
      { name: 'GET /agents?page_size=1&cursor=… (the middle page by cursor, one agent)', url: url(`?page_size=1&cursor=${cursorOfOne}`) },
    ];
    const rounds = await inRounds(server, targets, headers);
    const deep = await measure(`GET /agents?page=${deepPage} (the middle page)`, url(`?page=${deepPage}`), headers, SECONDS);
    return { title: 'Agents list at 100,000 agents', markdown: render(rounds, deep, { visible, seedMs }) };
  } finally {
    server.stop();
  }
}

async function inRounds(server: ServerHandle, targets: Target[], headers: Record<string, string>): Promise<Rounds[]> {
  const results: Rounds[] = targets.map(({ name }) => ({ name, requestsPerSecond: [], cpuMicros: [], p50Ms: [], p99Ms: [], errors: 0 }));
  for (const { url } of targets) await autocannon({ url, headers, connections: CONNECTIONS, duration: 2 });
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const [index, { url }] of targets.entries()) {
      const before = cpuTicks(server.pid);
      const run = await autocannon({ url, headers, connections: CONNECTIONS, duration: ROUND_SECONDS });
      const result = results[index];
      result.cpuMicros.push(((cpuTicks(server.pid) - before) * 10_000) / Math.max(1, run.requests.total));
      result.requestsPerSecond.push(run.requests.average);
      result.p50Ms.push(run.latency.p50);
      result.p99Ms.push(run.latency.p99);
      result.errors += run.errors + run.non2xx;
    }
  }
  return results;
}

/** The `next_cursor` of the page at `url`: where the page after it starts. */
async function cursorBefore(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, { headers });
  const { next_cursor: cursor } = (await res.json()) as { next_cursor: string | null };
  if (!res.ok || cursor === null) throw new Error(`no cursor from ${url}: ${res.status}`);
  return cursor;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function render(rounds: Rounds[], deep: LoadResult, facts: { visible: number; seedMs: number }): string {
  const [point, ...lists] = rounds;
  const row = (r: Rounds) =>
    `| ${r.name} | ${Math.round(median(r.requestsPerSecond))} | ${median(r.p50Ms)} | ${median(r.p99Ms)} | ${Math.round(median(r.cpuMicros))} | ${r.errors} |`;
  const ratios = (r: Rounds) => r.requestsPerSecond.map((rps, k) => point.requestsPerSecond[k] / rps);
  const cpuRatio = (r: Rounds) => median(r.cpuMicros) / median(point.cpuMicros);
  const measured = (r: Rounds) => {
    const each = ratios(r);
    return `**${median(each).toFixed(2)}×** the point read's time per request (median of the rounds: ${each.map((x) => x.toFixed(2)).join(', ')}`;
  };
  const verdict = (r: Rounds) =>
    `${measured(r)}; target < 2×: ${median(ratios(r)) < 2 ? 'met' : 'NOT met'}); server CPU per request ${cpuRatio(r).toFixed(2)}×`;
  const ofOne = (r: Rounds) => `${measured(r)}); server CPU per request ${cpuRatio(r).toFixed(2)}×`;
  const deepRatio = median(point.requestsPerSecond) / deep.requestsPerSecond;
  return [
    `SQLite on embedded defaults, 100,000 agents (bulk-inserted in ${(facts.seedMs / 1000).toFixed(1)} s): the benchmark user owns 50,000,`,
    `500 other users the rest, one in ten of theirs deployed, so the user's list holds ${facts.visible.toLocaleString('en-US')} agents (their own and the deployed ones).`,
    `autocannon, ${CONNECTIONS} connections, server and load generator on this ${cpus().length}-vCPU machine; pages of 20 unless the target says one. The first`,
    `five targets were measured in turn for ${ROUNDS} rounds of ${ROUND_SECONDS} s (medians of the rounds below); the middle page by number once, for ${SECONDS} s.`,
    '',
    '| target | req/s | p50 ms | p99 ms | server CPU µs / request | errors |',
    '|---|---|---|---|---|---|',
    ...rounds.map(row),
    `| ${deep.name} | ${deep.requestsPerSecond} | ${deep.p50Ms} | ${deep.p99Ms} | | ${deep.errors + deep.non2xx} |`,
    '',
    `- page 1: ${verdict(lists[0])}`,
    `- the middle page by cursor: ${verdict(lists[1])}`,
    `- pages of one agent, what finding a page costs at any depth with one record to read and write: page 1 ${ofOne(lists[2])}; the middle page by cursor ${ofOne(lists[3])}`,
    `- the middle page by number: **${deepRatio.toFixed(2)}×** the point read's time per request (pages by number walk the index entries before them; clients that walk a long list follow \`next_cursor\`)`,
  ].join('\n');
}
