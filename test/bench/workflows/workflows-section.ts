import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../../adapters/config/load-config';
import { startServices } from '../../../bin/services';
import { Actor } from '../../../core/domain/auth/actor';
import { WorkflowGraph, WorkflowNode } from '../../../core/domain/workflow/workflow-graph';
import { WORKFLOW_REPOSITORY, WorkflowRepository } from '../../../core/ports/workflow-repository.port';
import { ExecutionLauncher } from '../../../core/services/executions/execution-launcher.service';
import { WorkflowEngine } from '../../../core/services/workflows/workflow-engine.service';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHAIN = 100;
const CONCURRENCY = 4;

/** start → 100 template nodes, each rendering the one before → end. */
function chain(length: number): WorkflowGraph {
  const middle: WorkflowNode[] = Array.from({ length }, (_, index) => ({
    id: `t${index}`,
    type: 'template',
    config: { template: index === 0 ? 'step 0 of {{input.topic}}' : `{{t${index - 1}.output}} → ${index}` },
  }));
  const nodes: WorkflowNode[] = [{ id: 'start', type: 'start' }, ...middle, { id: 'end', type: 'end' }];
  return { nodes, edges: nodes.slice(1).map((node, index) => ({ source: nodes[index].id, target: node.id })) };
}

/**
 * The workflow engine's own cost, in-process on embedded defaults (SQLite, in-process queue): a
 * 100-node chain of `template` nodes run by the engine alone, then as an execution (each node
 * stored as it settles), then executions per second of a 3-node workflow.
 */
export async function workflowsSection(): Promise<{ title: string; markdown: string }> {
  const config = loadConfig({
    NODE_ENV: 'production',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-42',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'bench-workflows-')),
    PLATFORM_PORT: '0',
    ENVELOPE_PORT: '0',
    PROMPT_PORT: '0',
    LOG_LEVEL: 'silent',
  });
  const services = await startServices(config);
  try {
    const { container } = services.app;
    const actor: Actor = { userId: randomUUID(), role: 'user' };
    const workflows = container.get<WorkflowRepository>(WORKFLOW_REPOSITORY);
    const stored = async (graph: WorkflowGraph) => {
      const now = new Date();
      const workflow = { id: randomUUID(), ownerId: actor.userId, name: 'bench', description: '', graph, version: 1, createdAt: now, updatedAt: now };
      await workflows.create(workflow);
      return workflow.id;
    };
    const engine = container.get(WorkflowEngine);
    const launcher = container.get(ExecutionLauncher);
    const long = chain(CHAIN);
    const longId = await stored(long);
    const shortId = await stored(chain(1));
    const input = { topic: 'benchmarks' };

    const engineOnly = await timed(SECONDS / 3, () => engine.run(actor, long, input).then(expectSuccess));
    const execution = await timed(SECONDS / 3, () => launcher.run(actor, { type: 'workflow', id: longId }, input, { trigger: 'api' }).then(expectSuccess));
    const throughput = await perSecond(SECONDS / 3, () =>
      launcher.run(actor, { type: 'workflow', id: shortId }, input, { trigger: 'api' }).then(expectSuccess),
    );
    return { title: 'Workflow engine overhead', markdown: render(engineOnly, execution, throughput) };
  } finally {
    await services.stop();
  }
}

function expectSuccess(result: { success: boolean | null }): void {
  if (result.success !== true) throw new Error('a benchmark run did not complete');
}

/** Runs `work` one at a time for `seconds` (after 3 warm-up runs); the durations in ms, sorted. */
async function timed(seconds: number, work: () => Promise<void>): Promise<number[]> {
  for (let warm = 0; warm < 3; warm += 1) await work();
  const durations: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  return durations.sort((a, b) => a - b);
}

/** Completed runs per second with CONCURRENCY at once. */
async function perSecond(seconds: number, work: () => Promise<void>): Promise<number> {
  let done = 0;
  const started = performance.now();
  const until = started + seconds * 1000;
  const lane = async () => {
    while (performance.now() < until) {
      await work();
      done += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  return done / ((performance.now() - started) / 1000);
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))];
}

function render(engineOnly: number[], execution: number[], throughput: number): string {
  const nodes = CHAIN + 2;
  const row = (name: string, runs: number[]) =>
    `| ${name} | ${runs.length} | ${quantile(runs, 0.5).toFixed(1)} | ${quantile(runs, 0.99).toFixed(1)} | ${(quantile(runs, 0.5) / nodes).toFixed(3)} |`;
  const perNode = quantile(execution, 0.5) / nodes;
  return [
    `In-process on embedded defaults (SQLite in a temporary folder, in-process queue, LOG_LEVEL=silent), on this ${cpus().length}-vCPU machine, shared with`,
    `whatever else runs. A chain of ${CHAIN} \`template\` nodes between start and end (${nodes} nodes), each rendering the one before it.`,
    '',
    '| run | runs | p50 ms | p99 ms | p50 ms per node |',
    '|---|---|---|---|---|',
    row('WorkflowEngine.run alone (no storage)', engineOnly),
    row('as an execution (ExecutionLauncher.run: lease, each node stored as it settles)', execution),
    '',
    `- engine overhead per node through the execution path, p50: **${perNode.toFixed(3)} ms** (target < 1 ms: ${perNode < 1 ? 'met' : 'NOT met'})`,
    `- executions per second of a 3-node workflow (start → template → end), ${CONCURRENCY} at once: **${throughput.toFixed(1)}**`,
    '',
    'After every node the execution stores what that node added: its row in `execution_node_results` (step, whole output) with a guarded update',
    'of the record (run state rest, tokens) in one transaction, then its `step` event; before, every node rewrote all steps and the whole run',
    'state, which grew with the square of the run (docs/workflows.md, "Resumable runs").',
  ].join('\n');
}
