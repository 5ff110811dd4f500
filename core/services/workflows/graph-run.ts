import { emptyRunState, GraphRunState, ParkedNode, SettledNode } from '../../domain/workflow/graph-run-state';
import { TemplateScope } from '../../domain/workflow/template';
import { defaultBranchOf } from '../../domain/workflow/workflow-branches';
import { WorkflowEdge, WorkflowGraph, WorkflowNode } from '../../domain/workflow/workflow-graph';
import { WorkflowRunError } from '../../domain/workflow/workflow-run';
import { topologicalOrder } from '../../domain/workflow/workflow-topology';
import { JsonValue } from '../../shared/json';

/** Whether a node can start: `wait` for a predecessor still running, `run`, or `skip` (no incoming edge was taken). */
export type Readiness = 'wait' | 'run' | 'skip';

/**
 * The state of one run over a validated graph: which nodes settled how, which edges were taken,
 * and what each node's templates can see. Built from a stored `GraphRunState` when the run resumes,
 * so settled nodes are never run again.
 */
export class GraphRun {
  /** Nodes in topological order, ties in declaration order. */
  readonly order: WorkflowNode[];
  private readonly byId: Map<string, WorkflowNode>;
  private readonly incoming = new Map<string, WorkflowEdge[]>();
  private readonly outgoing = new Map<string, WorkflowEdge[]>();
  private readonly outputs: Map<string, JsonValue>;
  private readonly state: GraphRunState;

  constructor(
    graph: WorkflowGraph,
    private readonly input: JsonValue,
    stored: GraphRunState = emptyRunState(),
    /** Outputs of the enclosing run, seen by a loop or iteration body. */
    outer: ReadonlyMap<string, JsonValue> = new Map(),
  ) {
    this.byId = new Map(graph.nodes.map((node) => [node.id, node]));
    this.order = topologicalOrder([...this.byId.keys()], graph.edges).order.map((id) => this.byId.get(id) as WorkflowNode);
    for (const edge of graph.edges) {
      listAt(this.incoming, edge.target).push(edge);
      listAt(this.outgoing, edge.source).push(edge);
    }
    this.state = { ...stored, settled: { ...stored.settled }, progress: { ...stored.progress } };
    this.outputs = new Map(outer);
    for (const [id, settled] of Object.entries(this.state.settled)) if (settled.status === 'completed') this.outputs.set(id, settled.output);
  }

  get parked(): ParkedNode | null {
    return this.state.parked;
  }

  settled(nodeId: string): SettledNode | undefined {
    return this.state.settled[nodeId];
  }

  /** Every predecessor settled: run when at least one incoming edge was taken (the start node always runs). */
  readiness(node: WorkflowNode): Readiness {
    if (node.type === 'start') return 'run';
    const edges = this.incoming.get(node.id) ?? [];
    if (edges.some((edge) => !this.state.settled[edge.source])) return 'wait';
    return this.takenSources(node.id).length > 0 ? 'run' : 'skip';
  }

  scopeFor(node: WorkflowNode): TemplateScope {
    const latest = this.takenSources(node.id).sort((a, b) => b.seq - a.seq)[0];
    return { input: this.input, outputs: this.outputs, last: latest?.output ?? null };
  }

  /** The outputs of the taken predecessors, by node id (a merge node's input). */
  takenOutputs(nodeId: string): Array<[string, JsonValue]> {
    return (this.incoming.get(nodeId) ?? [])
      .filter((edge) => this.isTaken(edge))
      .map((edge) => [edge.source, this.state.settled[edge.source].output] as [string, JsonValue]);
  }

  /** The outputs of the nodes completed so far (a nested body sees them). */
  outputsView(): ReadonlyMap<string, JsonValue> {
    return this.outputs;
  }

  outgoingBranches(nodeId: string): string[] {
    return (this.outgoing.get(nodeId) ?? []).flatMap((edge) => (edge.condition === undefined ? [] : [edge.condition]));
  }

  complete(nodeId: string, output: JsonValue, branch: string | undefined, attempts: number, error: WorkflowRunError | null = null): void {
    this.settle(nodeId, { status: 'completed', output, branch: branch ?? null, attempts, error });
    this.outputs.set(nodeId, output);
  }

  fail(nodeId: string, attempts: number, error: WorkflowRunError): void {
    this.settle(nodeId, { status: 'failed', output: null, branch: null, attempts, error });
  }

  skip(nodeId: string): void {
    this.settle(nodeId, { status: 'skipped', output: null, branch: null, attempts: 0, error: null });
  }

  progressOf(nodeId: string): JsonValue | undefined {
    return this.state.progress[nodeId];
  }

  saveProgress(nodeId: string, progress: JsonValue): void {
    this.state.progress[nodeId] = progress;
  }

  park(parked: ParkedNode | null): void {
    this.state.parked = parked;
  }

  /** The state as it stands, safe to store (later changes do not reach it). */
  snapshot(): GraphRunState {
    return { version: 1, settled: { ...this.state.settled }, progress: { ...this.state.progress }, parked: this.state.parked };
  }

  private settle(nodeId: string, settled: Omit<SettledNode, 'seq'>): void {
    // A settled node's progress is spent: it only matters to a node that has not finished.
    delete this.state.progress[nodeId];
    this.state.settled[nodeId] = { ...settled, seq: Object.keys(this.state.settled).length };
  }

  private takenSources(nodeId: string): SettledNode[] {
    return (this.incoming.get(nodeId) ?? []).filter((edge) => this.isTaken(edge)).map((edge) => this.state.settled[edge.source]);
  }

  /** Its source completed and chose its branch; an unlabelled edge follows the source's default branch, if it has one. */
  private isTaken(edge: WorkflowEdge): boolean {
    const source = this.state.settled[edge.source];
    if (source?.status !== 'completed') return false;
    if (edge.condition !== undefined) return edge.condition === source.branch;
    const fallback = defaultBranchOf(this.byId.get(edge.source)?.type);
    return fallback === undefined || source.branch === fallback;
  }
}

function listAt(map: Map<string, WorkflowEdge[]>, key: string): WorkflowEdge[] {
  let list = map.get(key);
  if (!list) map.set(key, (list = []));
  return list;
}
