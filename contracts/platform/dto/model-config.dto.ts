export type ModelProviderName = 'openai' | 'anthropic' | 'local' | 'offline';

/** A model configuration. The API key is never returned: `has_api_key` and a masked `api_key_hint` stand for it. */
export interface ModelConfigResponse {
  id: string;
  owner_id: string;
  name: string;
  provider: ModelProviderName;
  model: string;
  /** Null: the provider's public endpoint. */
  base_url: string | null;
  has_api_key: boolean;
  /** `****` and the key's last four characters (only `****` for a short key); null without a key. */
  api_key_hint: string | null;
  /** At most one of your configurations is the default. */
  is_default: boolean;
  /** ISO 8601 UTC. */
  created_at: string;
  updated_at: string;
}

export interface ModelConfigPageResponse {
  items: ModelConfigResponse[];
  total: number;
  page: number;
  page_size: number;
}

export interface ModelConfigCreateRequest {
  /** 1–100 characters; unique among your configurations. */
  name: string;
  provider: ModelProviderName;
  /** The model name the provider knows (`gpt-4o-mini`, `claude-3-5-haiku-latest`, `llama3.1`). */
  model: string;
  /** An http(s) endpoint on the public internet; required for `local`, not allowed for `offline`. */
  base_url?: string | null;
  /** Required for `openai` and `anthropic`; stored encrypted, never returned. */
  api_key?: string;
  /** Makes this your default configuration (clearing the previous one). Default false. */
  is_default?: boolean;
}

/** Any subset of the create fields. Without `api_key` the stored key stays; `api_key: null` removes it. */
export interface ModelConfigUpdateRequest {
  name?: string;
  provider?: ModelProviderName;
  model?: string;
  base_url?: string | null;
  api_key?: string | null;
  is_default?: boolean;
}

export interface ModelConfigTestError {
  /** `authentication_failed`, `not_found`, `rejected`, `rate_limited`, `timeout`, `unreachable`, `forbidden_target`, `invalid_response`, `upstream_error`, `api_key_unreadable`. */
  code: string;
  message: string;
}

/** The outcome of one short chat call; a failing model is `success: false`, not an HTTP error. */
export interface ModelConfigTestResponse {
  success: boolean;
  latency_ms: number;
  /** The model that answered (or was asked, on failure). */
  model: string;
  /** The model's reply, cut to 200 characters. */
  reply?: string;
  error?: ModelConfigTestError;
}
