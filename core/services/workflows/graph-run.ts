import { TemplateScope } from '../../domain/workflow/template';
import { WorkflowEdge, WorkflowGraph, WorkflowNode } from '../../domain/workflow/workflow-graph';
import { topologicalOrder } from '../../domain/workflow/workflow-topology';
import { JsonValue } from '../../shared/json';

interface Settled {
  status: 'completed' | 'failed' | 'skipped';
  output: JsonValue;
  branch?: string;
  /** Position in the run: the latest predecessor is `{{last}}`. */
  sequence: number;
}

/**
 * The state of one run over a validated graph: which nodes settled how, which edges were
 * taken, and what each node's templates can see.
 */
export class GraphRun {
  /** Nodes in topological order, ties in declaration order. */
  readonly order: WorkflowNode[];
  private readonly incoming = new Map<string, WorkflowEdge[]>();
  private readonly settled = new Map<string, Settled>();
  private readonly outputs = new Map<string, JsonValue>();

  constructor(
    graph: WorkflowGraph,
    private readonly input: JsonValue,
  ) {
    const byId = new Map(graph.nodes.map((node) => [node.id, node]));
    this.order = topologicalOrder([...byId.keys()], graph.edges).order.map((id) => byId.get(id) as WorkflowNode);
    for (const edge of graph.edges) {
      const list = this.incoming.get(edge.target);
      if (list) list.push(edge);
      else this.incoming.set(edge.target, [edge]);
    }
  }

  /**
   * Whether the node should run: the start node always; any other node when at least one
   * incoming edge was taken (its source completed and, for a condition, chose that branch).
   */
  isActivated(node: WorkflowNode): boolean {
    return node.type === 'start' || this.takenSources(node.id).length > 0;
  }

  scopeFor(node: WorkflowNode): TemplateScope {
    const latest = this.takenSources(node.id).sort((a, b) => b.sequence - a.sequence)[0];
    return { input: this.input, outputs: this.outputs, last: latest?.output ?? null };
  }

  complete(nodeId: string, output: JsonValue, branch?: string): void {
    this.settle(nodeId, { status: 'completed', output, branch });
    this.outputs.set(nodeId, output);
  }

  fail(nodeId: string): void {
    this.settle(nodeId, { status: 'failed', output: null });
  }

  skip(nodeId: string): void {
    this.settle(nodeId, { status: 'skipped', output: null });
  }

  private settle(nodeId: string, state: Omit<Settled, 'sequence'>): void {
    this.settled.set(nodeId, { ...state, sequence: this.settled.size });
  }

  private takenSources(nodeId: string): Settled[] {
    const taken: Settled[] = [];
    for (const edge of this.incoming.get(nodeId) ?? []) {
      const source = this.settled.get(edge.source);
      if (source?.status === 'completed' && (edge.condition === undefined || edge.condition === source.branch)) taken.push(source);
    }
    return taken;
  }
}
