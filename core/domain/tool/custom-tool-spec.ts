import { FieldIssue } from '../../shared/domain-error';
import { JsonSchema, JsonValue } from '../../shared/json';
import { CodeToolConfig, CustomTool, HttpToolConfig } from './custom-tool.entity';
import { checkCodeConfig, checkHttpConfig } from './custom-tool-config.rules';
import { TOOL_CATEGORIES, ToolCategory } from './tool-category';

export interface HttpAuthSpec {
  type: string;
  headerName?: string;
  /** Plaintext; absent on an update that keeps the stored secret. */
  secret?: string;
}

/** Every field a client may write, for either kind; the rules pick what the kind needs. */
export interface CustomToolConfigSpec {
  url?: string;
  method?: string;
  headers?: Record<string, string>;
  bodyTemplate?: string | JsonValue | null;
  responseMapping?: string | null;
  auth?: HttpAuthSpec | null;
  code?: string;
}

/** A custom tool as a client describes it (create, or an update merged over the stored tool). */
export interface CustomToolSpec {
  name: string;
  description: string;
  kind: string;
  category?: string;
  config: CustomToolConfigSpec;
  inputSchema: JsonSchema;
  outputSchema?: JsonSchema;
}

export type CustomToolFields = Pick<CustomTool, 'name' | 'description' | 'category' | 'inputSchema' | 'outputSchema'> &
  ({ kind: 'http'; config: HttpToolConfig } | { kind: 'code'; config: CodeToolConfig });

export interface CheckedCustomTool {
  fields: CustomToolFields;
  /** A new plaintext secret to seal. */
  secret?: string;
  /** `auth` was given without a secret: the stored one must be kept (and must exist). */
  keepsSecret: boolean;
}

export type SpecCheck = { ok: true; value: CheckedCustomTool } | { ok: false; issues: FieldIssue[] };

const NAME = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const MAX_DESCRIPTION = 1000;
const MAX_SCHEMA_CHARS = 32 * 1024;
const MAX_SCHEMA_DEPTH = 32;
const DEFAULT_CATEGORY: Record<'http' | 'code', ToolCategory> = { http: 'web', code: 'code' };

/**
 * Checks a custom tool description completely (every problem at once, named by its wire
 * field). Whether the schemas are valid JSON Schemas is the `JsonSchemaValidator`'s call.
 */
export function checkCustomToolSpec(spec: CustomToolSpec): SpecCheck {
  const issues: FieldIssue[] = [];
  if (typeof spec.name !== 'string' || !NAME.test(spec.name)) {
    issues.push({ field: 'name', message: 'must start with a letter and hold 1 to 64 letters, digits, "_" or "-"' });
  }
  const description = typeof spec.description === 'string' ? spec.description.trim() : '';
  if (description.length === 0 || description.length > MAX_DESCRIPTION) {
    issues.push({ field: 'description', message: `must be 1 to ${MAX_DESCRIPTION} characters` });
  }
  if (spec.category !== undefined && !(TOOL_CATEGORIES as ReadonlyArray<string>).includes(spec.category)) {
    issues.push({ field: 'category', message: `must be one of ${TOOL_CATEGORIES.join(', ')}` });
  }
  issues.push(...schemaIssues('input_schema', spec.inputSchema, true));
  issues.push(...schemaIssues('output_schema', spec.outputSchema ?? {}, false));
  if (spec.kind !== 'http' && spec.kind !== 'code') {
    issues.push({ field: 'kind', message: 'must be "http" or "code"' });
    return { ok: false, issues };
  }
  const config = spec.kind === 'http' ? checkHttpConfig(spec.config ?? {}) : checkCodeConfig(spec.config ?? {});
  if (!config.ok) issues.push(...config.issues);
  if (issues.length > 0 || !config.ok) return { ok: false, issues };
  const common = {
    name: spec.name,
    description,
    category: (spec.category as ToolCategory | undefined) ?? DEFAULT_CATEGORY[spec.kind],
    inputSchema: spec.inputSchema,
    outputSchema: spec.outputSchema ?? {},
  };
  if (config.kind === 'code') return { ok: true, value: { fields: { ...common, kind: 'code', config: config.config }, keepsSecret: false } };
  return {
    ok: true,
    value: { fields: { ...common, kind: 'http', config: config.config }, secret: config.secret, keepsSecret: config.keepsSecret },
  };
}

function schemaIssues(field: string, schema: unknown, isInput: boolean): FieldIssue[] {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return [{ field, message: 'must be a JSON Schema object' }];
  if (isInput && (schema as JsonSchema).type !== 'object') {
    return [{ field, message: 'must describe an object of arguments ("type": "object")' }];
  }
  if (deeperThan(schema as JsonValue, MAX_SCHEMA_DEPTH)) return [{ field, message: `must nest at most ${MAX_SCHEMA_DEPTH} levels` }];
  if (JSON.stringify(schema).length > MAX_SCHEMA_CHARS) return [{ field, message: `must be at most ${MAX_SCHEMA_CHARS} characters of JSON` }];
  return [];
}

/** Iterative, and stops at the limit: a hostile body may nest far deeper than the stack allows. */
function deeperThan(root: JsonValue, limit: number): boolean {
  const stack: Array<[JsonValue, number]> = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [JsonValue, number];
    if (value === null || typeof value !== 'object') continue;
    if (depth >= limit) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}
