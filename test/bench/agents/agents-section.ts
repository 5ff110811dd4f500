import { cpus } from 'node:os';
import { LoadResult, measure, startServer } from '../load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE_SIZE = 20;

/**
 * `GET /agents` page 1, the middle page by number and the same page reached by cursor, against
 * `GET /agents/{id}`, over HTTP, on one server holding 100,000 agents (servers/agents.server.ts),
 * in the same run.
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
    const point = await measure(`GET /agents/{id}`, url(`/${pointId}`), headers, SECONDS);
    const first = await measure(`GET /agents (page 1 of ${pages})`, url(''), headers, SECONDS);
    const cursor = await cursorBefore(url(`?page=${deepPage - 1}`), headers);
    // Before the page by number, whose slow requests would still occupy the server during the next target.
    const seek = await measure(`GET /agents?cursor=… (the middle page by cursor)`, url(`?cursor=${cursor}`), headers, SECONDS);
    const deep = await measure(`GET /agents?page=${deepPage} (the middle page)`, url(`?page=${deepPage}`), headers, SECONDS);
    return { title: 'Agents list at 100,000 agents', markdown: render(point, [first, seek, deep], { visible, seedMs }) };
  } finally {
    server.stop();
  }
}

/** The `next_cursor` of the page at `url`: where the page after it starts. */
async function cursorBefore(url: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(url, { headers });
  const { next_cursor: cursor } = (await res.json()) as { next_cursor: string | null };
  if (!res.ok || cursor === null) throw new Error(`no cursor from ${url}: ${res.status}`);
  return cursor;
}

function render(point: LoadResult, lists: LoadResult[], facts: { visible: number; seedMs: number }): string {
  const [first, seek, deep] = lists;
  const row = (r: LoadResult) => `| ${r.name} | ${r.requestsPerSecond} | ${r.p50Ms} | ${r.p99Ms} | ${r.errors + r.non2xx} |`;
  const ratio = (r: LoadResult) => point.requestsPerSecond / r.requestsPerSecond;
  const verdict = (r: LoadResult) => `**${ratio(r).toFixed(2)}×** the point read's time per request (target < 2×: ${ratio(r) < 2 ? 'met' : 'NOT met'})`;
  return [
    `SQLite on embedded defaults, 100,000 agents (bulk-inserted in ${(facts.seedMs / 1000).toFixed(1)} s): the benchmark user owns 50,000,`,
    `500 other users the rest, one in ten of theirs deployed, so the user's list holds ${facts.visible.toLocaleString('en-US')} agents (their own and the deployed ones).`,
    `autocannon, 50 connections, ${SECONDS} s per target after a 2 s warm-up, server and load generator on this ${cpus().length}-vCPU machine; pages of 20.`,
    '',
    '| target | req/s | p50 ms | p99 ms | errors |',
    '|---|---|---|---|---|',
    row(point),
    ...lists.map(row),
    '',
    `- page 1: ${verdict(first)}`,
    `- the middle page by cursor: ${verdict(seek)}`,
    `- the middle page by number: ${verdict(deep)}`,
  ].join('\n');
}
