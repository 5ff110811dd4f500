/** A JSON object kept exactly as sent (a plugin manifest, a JSON Schema). */
export type PluginJsonObject = { [key: string]: unknown };

/**
 * A signed plugin bundle (docs/plugins.md, "Publishing and installing"). Also accepted as a
 * `multipart/form-data` upload whose `bundle` file is a `.tgz` holding `manifest.json`, the
 * entry file the manifest names and `signature` (base64) or `signature.sig` (64 raw bytes).
 */
export interface PluginBundleRequest {
  /** The plugin's manifest.json, exactly as signed (key order and whitespace do not matter). */
  manifest: PluginJsonObject;
  /** The bundled CommonJS entry (what `npm run build:tools` writes to dist/index.js). */
  code: string;
  /** Base64 of the Ed25519 signature over the bundle's signing payload. */
  signature: string;
  /** Id of the operator key that signed it (16 hex digits); without it every trusted key is tried. */
  public_key_id?: string;
}

export interface PluginToggleRequest {
  enabled: boolean;
}

export interface PluginExampleResponse {
  description: string;
  input: unknown;
  output?: unknown;
}

/** An installed market plugin. */
export interface PluginResponse {
  /** The tool id (`^[a-z][a-z0-9_]{1,63}$`). */
  id: string;
  name: string;
  version: string;
  publisher: string;
  description: string;
  category: string;
  kind: 'tool';
  /** Capability names the manifest declares, sorted. */
  capabilities: string[];
  /** Disabled plugins are not offered as tools and cannot be invoked. */
  enabled: boolean;
  /** Registered in this server's kernel at this version (false when it failed to load at start-up). */
  loaded: boolean;
  /** `market`: installed from the shipped market folder; `bundle`: from a signed bundle. */
  source: 'market' | 'bundle';
  /** The operator key that verified the bundle; null for market installs. */
  signing_key_id: string | null;
  /** UUID of the admin who first installed it. */
  installed_by: string;
  /** ISO 8601 UTC */
  installed_at: string;
  updated_at: string;
}

export interface PluginDetailResponse extends PluginResponse {
  input_schema: PluginJsonObject;
  output_schema: PluginJsonObject;
  examples: PluginExampleResponse[];
  /** The manifest as installed. */
  manifest: PluginJsonObject;
}

export interface PluginListResponse {
  items: PluginResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** One version of a plugin that was installed here. */
export interface PluginReleaseResponse {
  version: string;
  action: 'install' | 'update';
  source: 'market' | 'bundle';
  signing_key_id: string | null;
  /** UUID of the admin who installed this version. */
  installed_by: string;
  installed_at: string;
}

export interface PluginReleaseListResponse {
  items: PluginReleaseResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** A plugin the market folder offers. */
export interface MarketPluginResponse {
  id: string;
  name: string;
  version: string;
  publisher: string;
  description: string;
  category: string;
  capabilities: string[];
  installed: boolean;
  /** The installed version, which may be older than the market's. */
  installed_version: string | null;
}

export interface MarketPluginDetailResponse extends MarketPluginResponse {
  input_schema: PluginJsonObject;
  output_schema: PluginJsonObject;
  examples: PluginExampleResponse[];
}

export interface MarketPluginListResponse {
  items: MarketPluginResponse[];
  total: number;
}
