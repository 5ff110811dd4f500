/** What the node sees, as if it ran inside a workflow. */
export interface NodeRunInputs {
  /** `{{input}}`: the run's input. */
  input?: unknown;
  /** `{{nodes.<id>.output}}`: outputs of upstream nodes, by node id. */
  nodes?: { [node_id: string]: unknown };
  /** `{{last}}`: the predecessor's output; `input` when absent. */
  last?: unknown;
}

export interface NodeRunRequest {
  /** A workflow node type (`template`, `condition`, `llm`, `tool`, `agent`, …). */
  type: string;
  /** Checked against the node type's config schema first; default `{}`. */
  config?: { [key: string]: unknown };
  inputs?: NodeRunInputs;
}

export interface NodeRunError {
  code: string;
  message: string;
}

/** The node's outcome: a node that fails is `status: failed` with its error, not an HTTP error. */
export interface NodeRunResponse {
  status: 'completed' | 'failed';
  output: unknown;
  /** The branch a condition (`true`/`false`) or classifier took; null for other nodes. */
  branch: string | null;
  error: NodeRunError | null;
  duration_ms: number;
}
