/** A JSON Schema document (draft-07). */
export type JsonSchemaBody = { [key: string]: unknown };

export interface ToolAuthResponse {
  type: 'bearer' | 'header';
  /** The header that carries the secret, for `header`. */
  header_name?: string;
  /** The secret itself is never returned. */
  has_secret: boolean;
}

export interface HttpToolConfigResponse {
  url: string;
  method: string;
  headers: { [name: string]: string };
  body_template: string | { [key: string]: unknown } | unknown[] | null;
  response_mapping: string | null;
  auth: ToolAuthResponse | null;
}

export interface CodeToolConfigResponse {
  code: string;
}

/** A tool record: a built-in tool, a market plugin, or a custom tool. */
export interface ToolResponse {
  /** The tool's name for built-ins and plugins (`calculator`); a UUID for custom tools. */
  id: string;
  /** The function name models call it by. */
  name: string;
  /** Human-readable name (built-ins and plugins). */
  display_name?: string;
  description: string;
  category: string;
  kind: 'builtin' | 'plugin' | 'http' | 'code';
  input_schema: JsonSchemaBody;
  output_schema: JsonSchemaBody;
  builtin: boolean;
  /** Built-ins and plugins. */
  version?: string;
  publisher?: string;
  capabilities?: string[];
  examples?: { description: string; input: unknown; output?: unknown }[];
  /** Custom tools. */
  owner_id?: string;
  config?: HttpToolConfigResponse | CodeToolConfigResponse;
  /** ISO 8601 UTC (custom tools). */
  created_at?: string;
  updated_at?: string;
}

export interface ToolPageResponse {
  items: ToolResponse[];
  total: number;
  page: number;
  page_size: number;
}

export interface ToolCatalogueResponse {
  items: ToolResponse[];
  total: number;
}

export interface ToolCategoryResponse {
  id: string;
  name: string;
  /** Tools in this category the caller can see. */
  count: number;
}

export interface ToolCategoryListResponse {
  items: ToolCategoryResponse[];
  total: number;
}

export interface ToolAuthRequest {
  type: 'bearer' | 'header';
  /** Required for `header`, e.g. `X-API-Key`. */
  header_name?: string;
  /** Stored encrypted, never returned. Omit on update to keep the stored one. */
  secret?: string;
}

/** `url`, `method`, `headers`, `body_template`, `response_mapping`, `auth` for `http`; `code` for `code`. */
export interface ToolConfigRequest {
  /** Absolute http(s) URL; `{{name}}` placeholders are filled from the arguments, URL-encoded. */
  url?: string;
  /** GET (default), POST, PUT, PATCH, DELETE or HEAD. */
  method?: string;
  headers?: { [name: string]: string };
  /** Text with `{{name}}` placeholders, or a JSON template where a `"{{name}}"` string takes the argument's JSON value. */
  body_template?: string | { [key: string]: unknown } | unknown[] | null;
  /** Dotted path picking the result out of a JSON response, e.g. `data.items[0].name`. */
  response_mapping?: string | null;
  /** Omit on update to keep the stored auth; null removes it. */
  auth?: ToolAuthRequest | null;
  /** JavaScript defining `function main(input)`; may be async. */
  code?: string;
}

export interface ToolCreateRequest {
  /** Letters, digits, `_` and `-`, starting with a letter; unique among your tools. */
  name: string;
  description: string;
  kind: 'http' | 'code';
  /** Default `web` for http tools, `code` for code tools. */
  category?: string;
  config: ToolConfigRequest;
  /** JSON Schema of the arguments; its root is `"type": "object"`. */
  input_schema: JsonSchemaBody;
  /** When given, results are checked against it. */
  output_schema?: JsonSchemaBody;
}

/** Any subset of the create fields; a given `config` replaces the stored config. */
export interface ToolUpdateRequest {
  name?: string;
  description?: string;
  kind?: 'http' | 'code';
  category?: string;
  config?: ToolConfigRequest;
  input_schema?: JsonSchemaBody;
  output_schema?: JsonSchemaBody;
}

export interface ToolUseRequest {
  /** Checked against the tool's input schema. */
  arguments?: { [key: string]: unknown };
}

export interface ToolErrorBody {
  /** invalid_input, capability_denied, timeout, memory_limit, runtime_error, invalid_output, unavailable, not_found, rate_limited, quota_exceeded */
  code: string;
  /** With `runtime_error`: the tool's own reason, snake_case (`invalid_pattern`, `not_found`…), when it gave one. */
  reason?: string;
  message: string;
}

export interface ToolReceiptResponse {
  tool_id: string;
  version: string;
  wall_ms: number;
  cpu_ms: number;
  heap_bytes: number;
  capabilities_used: string[];
  http_calls: number;
  outcome: string;
}

export interface ToolUseResponse {
  success: boolean;
  result?: unknown;
  error?: ToolErrorBody;
  receipt: ToolReceiptResponse;
}

export interface ToolHttpTestRequest {
  url: string;
  /** Default GET. */
  method?: string;
  headers?: { [name: string]: string };
  /** Text is sent as is, any other JSON value as JSON. */
  body?: unknown;
}

export interface ToolHttpTestResponse {
  /** A 2xx answer came back. */
  success: boolean;
  /** 0 when no answer came back. */
  status: number;
  headers: { [name: string]: string };
  body: string;
  /** Why no answer came back: timeout, too_large or upstream_error. */
  error?: { code: string; message: string };
}

export interface ToolCodeTestRequest {
  /** Defines `function main(input)`; may be async. */
  code: string;
  /** `javascript` */
  language: string;
  input?: unknown;
}

export interface ToolLogLineResponse {
  level: string;
  message: string;
}

export interface ToolCodeTestResponse {
  success: boolean;
  result?: unknown;
  error?: ToolErrorBody;
  /** `console.*` lines, at most 200. */
  logs: ToolLogLineResponse[];
}
