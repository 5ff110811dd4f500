/** A node's config: what its node type's JSON Schema describes. */
export type NodeConfigBody = { [key: string]: unknown };

/** A saved node configuration of yours. */
export interface NodeTemplateResponse {
  id: string;
  name: string;
  /** Empty when there is none. */
  description: string;
  /** A workflow node type (`template`, `llm`, `condition`, …). */
  node_type: string;
  config: NodeConfigBody;
  /** ISO 8601 UTC. */
  created_at: string;
  updated_at: string;
}

export interface NodeTemplatePageResponse {
  items: NodeTemplateResponse[];
  total: number;
  page: number;
  page_size: number;
}

export interface NodeTemplateCreateRequest {
  /** 1–100 characters. */
  name: string;
  /** At most 2000 characters; default empty. */
  description?: string;
  node_type: string;
  /** Checked against the node type's config schema; at most 64 KiB of JSON. */
  config: NodeConfigBody;
}

/** Any subset of the create fields; the config is checked against the node type the template ends up with. */
export interface NodeTemplateUpdateRequest {
  name?: string;
  description?: string;
  node_type?: string;
  config?: NodeConfigBody;
}

export interface NodeTemplateInstantiateRequest {
  /** The new node's id (1–64 letters, digits, `_` or `-`); default `<node_type>_<8 random hex digits>`. */
  node_id?: string;
}

/** A workflow node, ready to put in a graph's `nodes`. */
export interface WorkflowNodeResponse {
  id: string;
  type: string;
  /** The template's name. */
  label: string;
  config: NodeConfigBody;
}
