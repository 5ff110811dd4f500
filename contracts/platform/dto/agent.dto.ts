/** A node of an agent's graph; the node types that appear are `start`, `agent` and `end`. */
export interface AgentWorkflowNode {
  /** Unique in the graph, 1 to 64 characters. */
  id: string;
  type: string;
  label?: string;
  config?: { [key: string]: unknown };
  position?: { [key: string]: unknown };
}

export interface AgentWorkflowEdge {
  /** A node id. */
  source: string;
  /** A node id. */
  target: string;
  condition?: string;
}

/** At most 200 nodes, 500 edges and 60,000 bytes of JSON. */
export interface AgentWorkflowConfig {
  nodes: AgentWorkflowNode[];
  edges: AgentWorkflowEdge[];
}

export interface AgentModelConfigBody {
  /** Any provider name: `offline`, `openai`, `anthropic`, `local`, … (1 to 64 characters). */
  provider: string;
  /** 1 to 128 characters. */
  model_name: string;
  /** 0 to 2; default 0.7. */
  temperature?: number;
  /** A stored model configuration (UUID) to run on instead of the server's configuration of `provider`. */
  model_config_id?: string | null;
}

/**
 * The agent payload of create and PUT. Only these fields are read: `id`, `owner_id`, `status`,
 * `version`, `is_main_agent` and timestamps in a body are ignored, as is any unknown field.
 */
export interface AgentPayloadRequest {
  /** 1 to 100 characters. */
  name: string;
  /** At most 2,000 characters; default empty. */
  description?: string;
  /** At most 16,000 characters; default empty. */
  system_prompt?: string;
  /** Default: the server's `LLM_PROVIDER` and `LLM_MODEL`, temperature 0.7. */
  model_config?: AgentModelConfigBody;
  /**
   * Model calls a run may make; default 10.
   * @isInt
   */
  iteration_limit?: number;
  /** Tool ids (built-in or plugin ids, custom tool UUIDs), at most 100, no repeats; default none. */
  include_tools?: string[];
  /** Default start → agent → end. */
  workflow_config?: AgentWorkflowConfig;
  /**
   * LLM calls one run may make, retries included, 1 to 500; null or absent: `AGENT_MAX_LLM_CALLS`
   * (else `iteration_limit` × 3). Past it the run ends with `budget_exceeded`.
   * @isInt
   */
  max_llm_calls?: number | null;
  /**
   * Tokens (prompt + completion) one run's model calls may use, 1,000 to 2,000,000; null or absent:
   * `AGENT_MAX_TOTAL_TOKENS`. Past it the run ends with `budget_exceeded`.
   * @isInt
   */
  max_total_tokens?: number | null;
  /** Knowledge bases (UUIDs, at most 5) searched before the first model call; each must be one you can read. */
  knowledge_base_ids?: string[];
  /** After the final answer, one more model call judges it (`review` in the run's result); default false. */
  self_review?: boolean;
}

/** An export document as `GET /agents/{id}/export` writes it. */
export interface AgentImportRequest extends AgentPayloadRequest {
  /** `agent-platform.agent` */
  format: string;
  /** `1` */
  schema_version: number;
}

export interface AgentModelConfigResponse {
  provider: string;
  model_name: string;
  temperature: number;
  model_config_id: string | null;
}

export interface AgentResponse {
  id: string;
  owner_id: string;
  name: string;
  description: string;
  system_prompt: string;
  model_config: AgentModelConfigResponse;
  iteration_limit: number;
  include_tools: string[];
  workflow_config: { [key: string]: unknown };
  /** Null: the configured default. */
  max_llm_calls: number | null;
  /** Null: the configured default. */
  max_total_tokens: number | null;
  knowledge_base_ids: string[];
  self_review: boolean;
  /** `draft` → `deployed` (deploy) → `stopped` (stop) → `deployed` (deploy). */
  status: 'draft' | 'deployed' | 'stopped';
  /** 1 on create, +1 on every PUT. */
  version: number;
  is_main_agent: boolean;
  /** ISO 8601 UTC. */
  created_at: string;
  /** ISO 8601 UTC; for `?version=N`, when that version was written. */
  updated_at: string;
}

export interface AgentPageResponse {
  items: AgentResponse[];
  total: number;
  /** The page's number: as requested, or counted along a walk by cursor. */
  page: number;
  page_size: number;
  /** Pass as `cursor` to read the next page; null on the last page. */
  next_cursor: string | null;
}

/** A portable copy of an agent's payload; `POST /agents/import` takes it back. */
export interface AgentExportResponse {
  format: string;
  schema_version: number;
  /** ISO 8601 UTC. */
  exported_at: string;
  name: string;
  description: string;
  system_prompt: string;
  /** Without `model_config_id` (and `knowledge_base_ids`), which name records of one installation. */
  model_config: { provider: string; model_name: string; temperature: number };
  iteration_limit: number;
  include_tools: string[];
  workflow_config: { [key: string]: unknown };
  max_llm_calls: number | null;
  max_total_tokens: number | null;
  self_review: boolean;
}
