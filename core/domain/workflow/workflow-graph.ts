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
  'loop',
  'iteration',
  'parallel',
  'merge',
  'sub_workflow',
  'approval',
  'human_input',
] as const;

export type WorkflowNodeType = (typeof WORKFLOW_NODE_TYPES)[number];

/** Node types whose config holds a nested `{nodes, edges}` body run once per round or item. */
export const BODY_NODE_TYPES: ReadonlyArray<WorkflowNodeType> = ['loop', 'iteration'];

/** Node types that park the run until someone decides (see docs/workflows.md, "Parking"). */
export const PARKING_NODE_TYPES: ReadonlyArray<WorkflowNodeType> = ['approval', 'human_input'];

/** One step of a workflow; what `config` holds depends on `type` (see the node type's `configSchema`). */
export interface WorkflowNode {
  /** Unique in the graph; templates name it as `{{<id>.output}}` or `{{nodes.<id>.output}}`. */
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

/** `condition` is set on the edges of one branch of a branching node (condition: `true`/`false`; classifier: a class label; approval: `approved`/`rejected`). */
export interface WorkflowEdge {
  source: string;
  target: string;
  condition?: string;
}

/** A directed acyclic graph with one `start` node and at least one `end` node; loops are nested bodies, never back-edges. */
export interface WorkflowGraph {
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
}

export function isWorkflowNodeType(value: unknown): value is WorkflowNodeType {
  return typeof value === 'string' && (WORKFLOW_NODE_TYPES as ReadonlyArray<string>).includes(value);
}
