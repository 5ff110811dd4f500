import { JsonSchema, JsonValue } from '../../shared/json';
import { ToolCategory } from './tool-category';

/** Capability names a plugin manifest may declare (see docs/plugins.md). */
export const CAPABILITY_NAMES = ['http', 'llm', 'knowledge', 'workspace', 'kv', 'datasource', 'platform', 'notify', 'log'] as const;

export type CapabilityName = (typeof CAPABILITY_NAMES)[number];

export interface ToolExample {
  description: string;
  input: JsonValue;
  output?: JsonValue;
}

/** What the platform knows about a tool, read from its manifest alone. */
export interface ToolDescriptor {
  /** `^[a-z][a-z0-9_]{1,63}$`; also the LLM function name. */
  id: string;
  name: string;
  version: string;
  /** `builtin` for shipped tools, the vendor slug for market plugins. */
  publisher: string;
  description: string;
  category: ToolCategory;
  kind: 'tool';
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** Declared capability names, sorted. */
  capabilities: CapabilityName[];
  /** Shipped in tools-builtin/ (trusted to be listed by default). */
  builtin: boolean;
  /** Disabled market plugins are listed only on request and cannot be invoked. */
  enabled: boolean;
  examples: ToolExample[];
}
