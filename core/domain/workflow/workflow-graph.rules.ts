import { FieldIssue } from '../../shared/domain-error';
import { isWorkflowNodeType, WORKFLOW_NODE_TYPES, WorkflowNodeType } from './workflow-graph';
import { branchLabelsOf, BRANCHING_NODE_TYPES } from './workflow-branches';
import { nodeConfigIssues } from './workflow-node-config.rules';
import { reachableFrom, topologicalOrder } from './workflow-topology';

export const MAX_WORKFLOW_NODES = 200;
export const MAX_WORKFLOW_EDGES = 500;
/** Ids appear in template paths (`{{nodes.<id>.output}}`), so they hold no dots or spaces. */
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_LABEL_CHARS = 200;
const LABEL = /^.{1,100}$/su;
/** Cycle members named in the message at most. */
const NAMED_CYCLE_NODES = 10;

type Obj = Record<string, unknown>;
interface CheckedNode {
  id: string;
  type: WorkflowNodeType;
}
interface CheckedEdge {
  source: string;
  target: string;
}

/**
 * Every problem of a workflow graph, each named by its field (`nodes[2].config.prompt`,
 * `edges[0].target`); empty when the graph can run. Checked: shape, unique ids, exactly
 * one start and at least one end, edges between existing nodes, the branches of condition
 * nodes, no cycle, every node reachable from the start, each node type's config, and the
 * caps (nodes, edges, template length), which are checked before anything is walked.
 */
export function validateWorkflowGraph(graph: unknown): FieldIssue[] {
  const nodes = isObject(graph) ? graph.nodes : undefined;
  const edges = isObject(graph) ? graph.edges : undefined;
  const shape: FieldIssue[] = [];
  if (!Array.isArray(nodes)) shape.push({ field: 'nodes', message: 'must be an array of nodes' });
  else if (nodes.length > MAX_WORKFLOW_NODES) shape.push({ field: 'nodes', message: `must hold at most ${MAX_WORKFLOW_NODES} nodes` });
  if (!Array.isArray(edges)) shape.push({ field: 'edges', message: 'must be an array of edges' });
  else if (edges.length > MAX_WORKFLOW_EDGES) shape.push({ field: 'edges', message: `must hold at most ${MAX_WORKFLOW_EDGES} edges` });
  if (shape.length > 0 || !Array.isArray(nodes) || !Array.isArray(edges)) return shape;

  const issues: FieldIssue[] = [];
  const checkedNodes = checkNodes(nodes, issues);
  const checkedEdges = checkEdges(edges, checkedNodes, issues);
  if (checkedNodes && checkedEdges) issues.push(...topologyIssues(checkedNodes, checkedEdges));
  return issues;
}

/** The nodes by id, or undefined when an id or type is malformed (the graph-wide checks then wait). */
function checkNodes(nodes: unknown[], issues: FieldIssue[]): Map<string, CheckedNode> | undefined {
  const byId = new Map<string, CheckedNode>();
  const firstIndex = new Map<string, number>();
  let wellFormed = true;
  nodes.forEach((node, index) => {
    const field = `nodes[${index}]`;
    if (!isObject(node)) {
      issues.push({ field, message: 'must be an object with id and type' });
      wellFormed = false;
      return;
    }
    const id = typeof node.id === 'string' && NODE_ID.test(node.id) ? node.id : undefined;
    if (id === undefined) {
      issues.push({ field: `${field}.id`, message: 'must be 1 to 64 letters, digits, "_" or "-"' });
    } else if (firstIndex.has(id)) {
      issues.push({ field: `${field}.id`, message: `duplicates nodes[${firstIndex.get(id)}].id` });
    }
    const type = isWorkflowNodeType(node.type) ? node.type : undefined;
    if (type === undefined) {
      issues.push({ field: `${field}.type`, message: `must be one of ${WORKFLOW_NODE_TYPES.join(', ')}` });
    }
    if (node.label !== undefined && (typeof node.label !== 'string' || node.label.length > MAX_LABEL_CHARS)) {
      issues.push({ field: `${field}.label`, message: `must be a string of at most ${MAX_LABEL_CHARS} characters` });
    }
    if (node.config !== undefined && !isObject(node.config)) {
      issues.push({ field: `${field}.config`, message: 'must be an object' });
    } else if (type !== undefined) {
      issues.push(...nodeConfigIssues(type, node.config ?? {}, `${field}.config`));
    }
    if (id === undefined || type === undefined || firstIndex.has(id)) {
      wellFormed = false;
      return;
    }
    firstIndex.set(id, index);
    byId.set(id, { id, type });
  });
  issues.push(...terminalIssues([...byId.values()]));
  return wellFormed ? byId : undefined;
}

function terminalIssues(nodes: CheckedNode[]): FieldIssue[] {
  const starts = nodes.filter((node) => node.type === 'start').length;
  const ends = nodes.filter((node) => node.type === 'end').length;
  const issues: FieldIssue[] = [];
  if (starts !== 1) issues.push({ field: 'nodes', message: `must hold exactly one start node (found ${starts})` });
  if (ends === 0) issues.push({ field: 'nodes', message: 'must hold at least one end node' });
  return issues;
}

/** The edges, or undefined when one is malformed or names an unknown node. */
function checkEdges(edges: unknown[], nodes: Map<string, CheckedNode> | undefined, issues: FieldIssue[]): CheckedEdge[] | undefined {
  const checked: CheckedEdge[] = [];
  let wellFormed = true;
  edges.forEach((edge, index) => {
    const field = `edges[${index}]`;
    if (!isObject(edge)) {
      issues.push({ field, message: 'must be an object with source and target' });
      wellFormed = false;
      return;
    }
    const source = endpoint(edge.source, `${field}.source`, nodes, issues);
    const target = endpoint(edge.target, `${field}.target`, nodes, issues);
    if (edge.condition !== undefined && (typeof edge.condition !== 'string' || !LABEL.test(edge.condition))) {
      issues.push({ field: `${field}.condition`, message: 'must be a branch label of 1 to 100 characters' });
    }
    if (!source || !target) {
      wellFormed = false;
      return;
    }
    issues.push(...roleIssues(field, source, target, edge.condition));
    checked.push({ source: source.id, target: target.id });
  });
  return wellFormed ? checked : undefined;
}

function endpoint(value: unknown, field: string, nodes: Map<string, CheckedNode> | undefined, issues: FieldIssue[]): CheckedNode | undefined {
  if (typeof value !== 'string' || value === '') {
    issues.push({ field, message: 'must be the id of a node' });
    return undefined;
  }
  const node = nodes?.get(value);
  // When the nodes themselves are malformed, an unknown id may only be a consequence.
  if (!node && nodes) issues.push({ field, message: `names no node ("${value.slice(0, 64)}")` });
  return node;
}

function roleIssues(field: string, source: CheckedNode, target: CheckedNode, condition: unknown): FieldIssue[] {
  const issues: FieldIssue[] = [];
  if (target.type === 'start') issues.push({ field: `${field}.target`, message: 'must not be the start node' });
  if (source.type === 'end') issues.push({ field: `${field}.source`, message: 'must not be an end node' });
  const labels = branchLabelsOf(source.type);
  if (labels === undefined) {
    if (condition !== undefined)
      issues.push({ field: `${field}.condition`, message: `is only allowed on an edge leaving a branching node (${BRANCHING_NODE_TYPES.join(', ')})` });
    return issues;
  }
  if (source.type === 'condition' && condition === undefined) {
    issues.push({ field: `${field}.condition`, message: 'must be "true" or "false" on an edge leaving a condition node' });
  } else if (typeof condition === 'string' && labels !== 'any' && !labels.includes(condition)) {
    issues.push({
      field: `${field}.condition`,
      message: `must be one of ${labels.map((label) => `"${label}"`).join(', ')} on an edge leaving a ${source.type} node`,
    });
  }
  return issues;
}

function topologyIssues(nodes: Map<string, CheckedNode>, edges: CheckedEdge[]): FieldIssue[] {
  const ids = [...nodes.keys()];
  const issues: FieldIssue[] = [];
  const { cyclic } = topologicalOrder(ids, edges);
  if (cyclic.length > 0) {
    const named = cyclic.slice(0, NAMED_CYCLE_NODES).join(', ');
    issues.push({ field: 'edges', message: `must not form a cycle (involving ${named}${cyclic.length > NAMED_CYCLE_NODES ? ', …' : ''})` });
  }
  const start = ids.find((id) => nodes.get(id)?.type === 'start');
  if (start === undefined) return issues;
  const reachable = reachableFrom(start, edges);
  ids.forEach((id, index) => {
    if (!reachable.has(id)) issues.push({ field: `nodes[${index}]`, message: `is not reachable from the start node ("${id}")` });
  });
  return issues;
}

function isObject(value: unknown): value is Obj {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
