import { JsonValue } from '../../shared/json';
import { WorkflowEdge, WorkflowNode } from './workflow-graph';
import { WorkflowVersion } from './workflow-version';

export interface FieldChange {
  from: string;
  to: string;
}

export interface NodeChange {
  id: string;
  from: WorkflowNode;
  to: WorkflowNode;
}

export interface EdgeChange {
  source: string;
  target: string;
  from: WorkflowEdge;
  to: WorkflowEdge;
}

/** What it takes to go from version `from` to version `to`; null name/description: unchanged. */
export interface WorkflowDiff {
  from: number;
  to: number;
  name: FieldChange | null;
  description: FieldChange | null;
  nodes: { added: WorkflowNode[]; removed: WorkflowNode[]; changed: NodeChange[] };
  edges: { added: WorkflowEdge[]; removed: WorkflowEdge[]; changed: EdgeChange[] };
}

/**
 * Nodes are matched by id; edges by their `source → target` pair (the n-th edge of a pair in one
 * version with the n-th in the other), so an edge whose only difference is its `condition` is
 * changed rather than removed and added. Changes are compared as JSON, key order aside.
 */
export function diffWorkflowVersions(from: WorkflowVersion, to: WorkflowVersion): WorkflowDiff {
  return {
    from: from.version,
    to: to.version,
    name: from.name === to.name ? null : { from: from.name, to: to.name },
    description: from.description === to.description ? null : { from: from.description, to: to.description },
    nodes: diffNodes(from.graph.nodes, to.graph.nodes),
    edges: diffEdges(from.graph.edges, to.graph.edges),
  };
}

function diffNodes(before: WorkflowNode[], after: WorkflowNode[]): WorkflowDiff['nodes'] {
  const old = new Map(before.map((node) => [node.id, node]));
  const now = new Map(after.map((node) => [node.id, node]));
  const changed: NodeChange[] = [];
  for (const node of after) {
    const previous = old.get(node.id);
    if (previous && !sameJson(previous, node)) changed.push({ id: node.id, from: previous, to: node });
  }
  return { added: after.filter((node) => !old.has(node.id)), removed: before.filter((node) => !now.has(node.id)), changed };
}

function diffEdges(before: WorkflowEdge[], after: WorkflowEdge[]): WorkflowDiff['edges'] {
  const old = keyed(before);
  const now = keyed(after);
  const changed: EdgeChange[] = [];
  for (const [key, edge] of now) {
    const previous = old.get(key);
    if (previous && !sameJson(previous, edge)) changed.push({ source: edge.source, target: edge.target, from: previous, to: edge });
  }
  return {
    added: [...now].filter(([key]) => !old.has(key)).map(([, edge]) => edge),
    removed: [...old].filter(([key]) => !now.has(key)).map(([, edge]) => edge),
    changed,
  };
}

/** Each edge under `source → target #n`, n counting the edges of that pair in order. */
function keyed(edges: WorkflowEdge[]): Map<string, WorkflowEdge> {
  const seen = new Map<string, number>();
  const byKey = new Map<string, WorkflowEdge>();
  for (const edge of edges) {
    const pair = JSON.stringify([edge.source, edge.target]);
    const n = seen.get(pair) ?? 0;
    seen.set(pair, n + 1);
    byKey.set(`${pair}#${n}`, edge);
  }
  return byKey;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(sorted(a as JsonValue)) === JSON.stringify(sorted(b as JsonValue));
}

function sorted(value: JsonValue | undefined): JsonValue | undefined {
  if (Array.isArray(value)) return value.map((item) => sorted(item) ?? null);
  if (value === null || typeof value !== 'object') return value;
  const result: { [key: string]: JsonValue } = {};
  for (const key of Object.keys(value).sort()) {
    const item = sorted(value[key]);
    if (item !== undefined) result[key] = item;
  }
  return result;
}
