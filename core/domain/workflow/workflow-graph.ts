import { JsonObject } from '../../shared/json';

export const WORKFLOW_NODE_TYPES = [
  'start',
  'end',
  'llm',
  'agent',
  'tool',
  'condition',
  'template',
  'answer',
  'classifier',
  'extractor',
  'knowledge_retrieval',
  'http',
  'code',
  'variable_assign',
  'json_transform',
  'file_read',
  'file_write',
  'delay',
] as const;

export type WorkflowNodeType = (typeof WORKFLOW_NODE_TYPES)[number];

/** One step of a workflow; what `config` holds depends on `type` (see workflow-graph.rules.ts). */
export interface WorkflowNode {
  /** Unique in the graph; templates name it as `{{nodes.<id>.output}}`. */
  id: string;
  type: WorkflowNodeType;
  label?: string;
  config?: JsonObject;
  /** Where an editor draws the node (`{x, y}`); the engine ignores it. */
  position?: NodePosition;
}

export interface NodePosition {
  x: number;
  y: number;
}

/** `condition` is set exactly on the edges leaving a branching node (condition: `true`/`false`; classifier: a class label): the branch they belong to. */
export interface WorkflowEdge {
  source: string;
  target: string;
  condition?: string;
}

/** A directed acyclic graph with one `start` node and at least one `end` node. */
export interface WorkflowGraph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

export function isWorkflowNodeType(value: unknown): value is WorkflowNodeType {
  return typeof value === 'string' && (WORKFLOW_NODE_TYPES as ReadonlyArray<string>).includes(value);
}
