import { FieldIssue } from '../../shared/domain-error';
import { utf8Length } from '../../shared/utf8-length';
import { AGENT_LIMITS } from './agent-limits';

type Obj = Record<string, unknown>;

/**
 * The shape of an agent's `workflow_config`: `{nodes: [{id, type, label?, config?, position?}],
 * edges: [{source, target, condition?}]}` with unique node ids, edges between existing nodes and
 * bounded sizes. What a graph means when it runs is the engine's business; this only keeps it
 * well-formed and small enough to store.
 */
export function workflowConfigIssues(value: unknown): FieldIssue[] {
  if (!isObject(value)) return [{ field: 'workflow_config', message: 'must be an object with nodes and edges' }];
  const { nodes, edges } = value;
  const shape: FieldIssue[] = [];
  if (!Array.isArray(nodes) || nodes.length > AGENT_LIMITS.workflowNodes) {
    shape.push({ field: 'workflow_config.nodes', message: `must be an array of at most ${AGENT_LIMITS.workflowNodes} nodes` });
  }
  if (!Array.isArray(edges) || edges.length > AGENT_LIMITS.workflowEdges) {
    shape.push({ field: 'workflow_config.edges', message: `must be an array of at most ${AGENT_LIMITS.workflowEdges} edges` });
  }
  if (shape.length > 0 || !Array.isArray(nodes) || !Array.isArray(edges)) return shape;
  // Counted before anything is walked further: the cap bounds the work that follows.
  if (utf8Length(JSON.stringify(value)) > AGENT_LIMITS.workflowConfigBytes) {
    return [{ field: 'workflow_config', message: `must be at most ${AGENT_LIMITS.workflowConfigBytes} bytes of JSON` }];
  }
  const issues: FieldIssue[] = [];
  const ids = nodeIds(nodes, issues);
  edges.forEach((edge, index) => issues.push(...edgeIssues(edge, `workflow_config.edges[${index}]`, ids)));
  return issues;
}

function nodeIds(nodes: unknown[], issues: FieldIssue[]): Map<string, number> {
  const ids = new Map<string, number>();
  nodes.forEach((node, index) => {
    const field = `workflow_config.nodes[${index}]`;
    if (!isObject(node)) {
      issues.push({ field, message: 'must be an object with id and type' });
      return;
    }
    if (!isText(node.id, AGENT_LIMITS.nodeIdChars)) issues.push({ field: `${field}.id`, message: `must be 1 to ${AGENT_LIMITS.nodeIdChars} characters` });
    else if (ids.has(node.id)) issues.push({ field: `${field}.id`, message: `duplicates workflow_config.nodes[${ids.get(node.id)}].id` });
    else ids.set(node.id, index);
    if (!isText(node.type, AGENT_LIMITS.nodeTypeChars))
      issues.push({ field: `${field}.type`, message: `must be 1 to ${AGENT_LIMITS.nodeTypeChars} characters` });
    if (node.label !== undefined && (typeof node.label !== 'string' || node.label.length > AGENT_LIMITS.nodeLabelChars)) {
      issues.push({ field: `${field}.label`, message: `must be a string of at most ${AGENT_LIMITS.nodeLabelChars} characters` });
    }
    for (const part of ['config', 'position'] as const) {
      if (node[part] !== undefined && !isObject(node[part])) issues.push({ field: `${field}.${part}`, message: 'must be an object' });
    }
  });
  return ids;
}

function edgeIssues(edge: unknown, field: string, ids: Map<string, number>): FieldIssue[] {
  if (!isObject(edge)) return [{ field, message: 'must be an object with source and target' }];
  const issues: FieldIssue[] = [];
  for (const end of ['source', 'target'] as const) {
    const id = edge[end];
    if (typeof id !== 'string' || !ids.has(id)) issues.push({ field: `${field}.${end}`, message: 'must be the id of a node' });
  }
  if (edge.condition !== undefined && typeof edge.condition !== 'string') issues.push({ field: `${field}.condition`, message: 'must be a string' });
  return issues;
}

function isText(value: unknown, max: number): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= max;
}

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
