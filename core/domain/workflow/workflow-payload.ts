import { WorkflowEdge, WorkflowGraph, WorkflowNode } from './workflow-graph';
import { Workflow } from './workflow.entity';

/** The fields a client writes: create, PUT, import and templates all come down to these. */
export interface WorkflowPayload {
  name: string;
  description: string;
  graph: WorkflowGraph;
}

/** A body as the client sent it, unchecked: `{name, description?, nodes, edges}`. */
export interface WorkflowPayloadInput {
  name?: unknown;
  description?: unknown;
  nodes?: unknown;
  edges?: unknown;
}

export function payloadOf(workflow: Pick<Workflow, 'name' | 'description' | 'graph'>): WorkflowPayload {
  return { name: workflow.name, description: workflow.description, graph: workflow.graph };
}

/**
 * The graph with only the fields a node (`id, type, label?, config?, position?`) and an edge
 * (`source, target, condition?`) have, so nothing else a client sent is stored. Call it on a
 * graph that passed validation.
 */
export function normalizedGraph(graph: WorkflowGraph): WorkflowGraph {
  return { nodes: graph.nodes.map(normalizedNode), edges: graph.edges.map(normalizedEdge) };
}

function normalizedNode(node: WorkflowNode): WorkflowNode {
  const { id, type, label, config, position } = node;
  return {
    id,
    type,
    ...(label === undefined ? {} : { label }),
    ...(config === undefined ? {} : { config }),
    ...(position === undefined ? {} : { position: { x: position.x, y: position.y } }),
  };
}

function normalizedEdge(edge: WorkflowEdge): WorkflowEdge {
  const { source, target, condition } = edge;
  return condition === undefined ? { source, target } : { source, target, condition };
}
