import { ToolCategory } from '../../../core/domain/tool/tool-category';
import { ToolExample } from '../../../core/domain/tool/tool-descriptor';
import { JsonSchema } from '../../../core/shared/json';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/** `capabilities` of a manifest; a present key is a grant (see manifest.schema.json). */
export interface CapabilityGrants {
  http?: { hosts: string[]; methods?: HttpMethod[]; maxBytes?: number; maxCalls?: number };
  llm?: { maxCalls?: number };
  knowledge?: Record<string, never>;
  workspace?: { readOnly?: boolean };
  kv?: Record<string, never>;
  datasource?: Record<string, never>;
  platform?: { actions?: string[] };
  notify?: { channels?: string[] };
  log?: Record<string, never>;
}

/** Per-call limits as written in a manifest, before clamping. */
export interface ManifestLimits {
  timeout_ms?: number;
  memory_mb?: number;
  cpu_ms?: number;
}

/** A validated manifest.json (format 1). */
export interface PluginManifest {
  manifestVersion: 1;
  id: string;
  publisher: string;
  name: string;
  version: string;
  kernel: string;
  description: string;
  category: ToolCategory;
  kind: 'tool';
  entry: string;
  input_schema: JsonSchema;
  output_schema: JsonSchema;
  capabilities: CapabilityGrants;
  limits?: ManifestLimits;
  examples?: ToolExample[];
}
