import { WorkflowEdgeBody, WorkflowNodeBody } from './workflow.dto';

/** One version in the history list (the graph itself: `GET …/versions/{v}`). */
export interface WorkflowVersionSummaryResponse {
  workflow_id: string;
  version: number;
  name: string;
  description: string;
  node_count: number;
  edge_count: number;
  /** When this version was written, ISO 8601 UTC. */
  created_at: string;
}

export interface WorkflowVersionPageResponse {
  items: WorkflowVersionSummaryResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** What one version held. */
export interface WorkflowVersionResponse {
  workflow_id: string;
  version: number;
  name: string;
  description: string;
  nodes: WorkflowNodeBody[];
  edges: WorkflowEdgeBody[];
  /** ISO 8601 UTC. */
  created_at: string;
}

export interface WorkflowTextChange {
  from: string;
  to: string;
}

export interface WorkflowNodeChange {
  id: string;
  from: WorkflowNodeBody;
  to: WorkflowNodeBody;
}

export interface WorkflowEdgeChange {
  source: string;
  target: string;
  from: WorkflowEdgeBody;
  to: WorkflowEdgeBody;
}

/** From version `from` to version `to`: nodes matched by id, edges by `source → target`. */
export interface WorkflowDiffResponse {
  workflow_id: string;
  from: number;
  to: number;
  /** Null when unchanged. */
  name: WorkflowTextChange | null;
  /** Null when unchanged. */
  description: WorkflowTextChange | null;
  nodes: { added: WorkflowNodeBody[]; removed: WorkflowNodeBody[]; changed: WorkflowNodeChange[] };
  edges: { added: WorkflowEdgeBody[]; removed: WorkflowEdgeBody[]; changed: WorkflowEdgeChange[] };
}
