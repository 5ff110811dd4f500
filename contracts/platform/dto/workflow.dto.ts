/** `{x, y}`: where an editor draws the node. */
export interface WorkflowNodePosition {
  x: number;
  y: number;
}

/** A step of the graph; what `config` holds depends on `type` (docs/workflows.md). */
export interface WorkflowNodeBody {
  /** Unique in the graph: 1 to 64 letters, digits, `_` or `-`. */
  id: string;
  /** `start`, `end`, `llm`, `agent`, `tool`, `condition`, `template`, … */
  type: string;
  /** At most 200 characters. */
  label?: string;
  config?: { [key: string]: unknown };
  position?: WorkflowNodePosition;
}

export interface WorkflowEdgeBody {
  /** A node id. */
  source: string;
  /** A node id. */
  target: string;
  /** Set exactly on the edges leaving a branching node: the branch (`"true"`/`"false"` for a condition). */
  condition?: string;
}

/**
 * The body of create, PUT and import. Only these fields are read: `id`, `owner_id`, `version`,
 * `created_at`, `updated_at`, `exported_at` and any unknown field are ignored.
 */
export interface WorkflowPayloadRequest {
  /** 1 to 200 characters (trimmed). */
  name: string;
  /** At most 2,000 characters; default empty. */
  description?: string;
  /** At most 200 nodes, exactly one `start`, at least one `end`. */
  nodes: WorkflowNodeBody[];
  /** At most 500 edges, no cycle, every node reachable from `start`. */
  edges: WorkflowEdgeBody[];
}

/** A graph to check; nothing is stored. Anything may be sent: every problem is reported, not refused. */
export interface WorkflowValidateRequest {
  nodes: unknown[];
  edges: unknown[];
}

export interface WorkflowIssueResponse {
  /** The node the problem is about; null for graph-wide problems and edges. */
  node_id: string | null;
  /** Where, under the body: `nodes[2].config.prompt`, `edges[0].target`, `nodes`. */
  field: string;
  message: string;
}

export interface WorkflowValidationResponse {
  valid: boolean;
  errors: WorkflowIssueResponse[];
}

export interface WorkflowResponse {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  nodes: WorkflowNodeBody[];
  edges: WorkflowEdgeBody[];
  /** 1 on create, +1 on every PUT and rollback. */
  version: number;
  /** ISO 8601 UTC. */
  created_at: string;
  /** ISO 8601 UTC. */
  updated_at: string;
}

export interface WorkflowPageResponse {
  items: WorkflowResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** A workflow as a file: the body fields of a create, plus the version they are and when they were exported. */
export interface WorkflowExportResponse {
  name: string;
  description: string;
  nodes: WorkflowNodeBody[];
  edges: WorkflowEdgeBody[];
  version: number;
  /** ISO 8601 UTC. */
  exported_at: string;
}

/** `POST /workflows/{id}/execute`. */
export interface WorkflowExecuteRequest {
  /** The run's input: the start node's output, read by templates as `{{input…}}`. Default `{}`. */
  input?: unknown;
  /** Queue the run and answer 202 at once with the `pending` record. */
  async?: boolean;
}
