import { topologicalOrder } from '../../domain/workflow/workflow-topology';
import { FieldIssue } from '../../shared/domain-error';

export const MAX_GRAPH_NODES = 20;
export const MAX_GRAPH_EDGES = 50;
const MAX_NODE_ID_CHARS = 64;

export interface AgentGraphNode {
  id: string;
  agentId: string;
}

export interface AgentGraph {
  nodes: AgentGraphNode[];
  edges: Array<{ source: string; target: string }>;
}

/** Why the graph cannot run: bounds, duplicate or empty node ids, edges that join no two nodes, a cycle. */
export function agentGraphIssues(graph: AgentGraph): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (graph.nodes.length < 1 || graph.nodes.length > MAX_GRAPH_NODES) issues.push({ field: 'nodes', message: `must hold 1 to ${MAX_GRAPH_NODES} nodes` });
  if (graph.edges.length > MAX_GRAPH_EDGES) issues.push({ field: 'edges', message: `must hold at most ${MAX_GRAPH_EDGES} edges` });
  if (issues.length > 0) return issues;
  const ids = new Set<string>();
  graph.nodes.forEach((node, index) => {
    if (node.id === '' || node.id.length > MAX_NODE_ID_CHARS)
      issues.push({ field: `nodes[${index}].id`, message: `must be 1 to ${MAX_NODE_ID_CHARS} characters` });
    else if (ids.has(node.id)) issues.push({ field: `nodes[${index}].id`, message: 'duplicates another node id' });
    ids.add(node.id);
  });
  graph.edges.forEach((edge, index) => {
    if (!ids.has(edge.source) || !ids.has(edge.target) || edge.source === edge.target) {
      issues.push({ field: `edges[${index}]`, message: 'must join two different nodes of the graph by id' });
    }
  });
  if (issues.length === 0 && topologicalOrder([...ids], graph.edges).cyclic.length > 0) issues.push({ field: 'edges', message: 'must not form a cycle' });
  return issues;
}

/** The nodes in levels: a node's level is the longest path to it from a node without parents; each level in declaration order. */
export function graphLevels(graph: AgentGraph): AgentGraphNode[][] {
  const { order } = topologicalOrder(
    graph.nodes.map((node) => node.id),
    graph.edges,
  );
  const depth = new Map<string, number>();
  for (const id of order) {
    const parents = parentsOf(graph, id).map((parent) => depth.get(parent) ?? 0);
    depth.set(id, parents.length === 0 ? 0 : Math.max(...parents) + 1);
  }
  const levels: AgentGraphNode[][] = [];
  for (const node of graph.nodes) (levels[depth.get(node.id) ?? 0] ??= []).push(node);
  return levels;
}

export function parentsOf(graph: AgentGraph, nodeId: string): string[] {
  return graph.edges.filter((edge) => edge.target === nodeId).map((edge) => edge.source);
}

/** Nodes no edge leaves: their outputs make the graph's reply. */
export function sinksOf(graph: AgentGraph): AgentGraphNode[] {
  return graph.nodes.filter((node) => !graph.edges.some((edge) => edge.source === node.id));
}
