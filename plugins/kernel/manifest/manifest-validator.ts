import Ajv, { ErrorObject } from 'ajv';
import { CAPABILITY_NAMES } from '../../../core/domain/tool/tool-descriptor';
import { CompiledSchema, JsonSchemaValidator } from '../../../core/ports/json-schema-validator.port';
import { VersionPolicy } from '../../../core/ports/version-policy.port';
import { FieldIssue } from '../../../core/shared/domain-error';
import { describeIssuesUnder } from '../../../core/shared/issue-summary';
import { JsonSchema, JsonValue } from '../../../core/shared/json';
import { KERNEL_VERSION } from './kernel-version';
import { ManifestChecks } from './manifest-checks';
import manifestSchema from './manifest.schema.json';
import { PluginManifest } from './plugin-manifest';

export type ManifestCheck = { ok: true; manifest: PluginManifest } | { ok: false; issues: FieldIssue[] };

/** The manifest format is the kernel's own schema (trusted), so every problem is reported at once. */
const manifestAjv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validateShape = manifestAjv.compile(manifestSchema);

/**
 * Checks a manifest completely and reports every problem at once: its shape, unknown
 * capabilities by name, the two tool schemas (compiled by `checks.schemas`, under the bounds of
 * every untrusted schema), the examples against the input schema, and the version and kernel
 * range (read by `checks.versions`, the policy that orders installed versions too).
 */
export function validateManifest(candidate: JsonValue | unknown, checks: ManifestChecks): ManifestCheck {
  const issues: FieldIssue[] = [];
  if (!validateShape(candidate)) {
    issues.push(...(validateShape.errors ?? []).map(toIssue));
  }
  if (isObject(candidate)) {
    const shapeOfVersionWrong = issues.some((issue) => issue.field === 'version');
    issues.push(
      ...checkSchemas(candidate, checks.schemas),
      ...(shapeOfVersionWrong ? [] : checkVersion(candidate.version, checks.versions)),
      ...checkKernel(candidate.kernel, checks.versions),
    );
  }
  return issues.length === 0 ? { ok: true, manifest: candidate as PluginManifest } : { ok: false, issues: dedupe(issues) };
}

function checkSchemas(manifest: Record<string, unknown>, schemas: JsonSchemaValidator): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of ['input_schema', 'output_schema']) {
    const schema = manifest[field];
    if (!isObject(schema)) continue;
    const compiled = schemas.compile(schema as JsonSchema, field);
    if (!compiled.ok) issues.push(...compiled.error);
    else if (field === 'input_schema') issues.push(...checkExamples(manifest.examples, compiled.value));
  }
  return issues;
}

/** Examples are what models and docs show: they must be valid inputs. */
function checkExamples(examples: unknown, input: CompiledSchema): FieldIssue[] {
  if (!Array.isArray(examples)) return [];
  return examples.flatMap((example, index) => {
    if (!isObject(example) || !isObject(example.input)) return [];
    const problems = input.validate(example.input as JsonValue);
    if (problems.length === 0) return [];
    return [{ field: `examples.${index}.input`, message: `does not match input_schema: ${describeIssuesUnder('input', problems)}` }];
  });
}

/** The schema's pattern is the format's published shape; the policy also refuses what it lets through (`1.0.0-01`, `1.0.0-a..b`). */
function checkVersion(version: unknown, versions: VersionPolicy): FieldIssue[] {
  if (typeof version !== 'string' || versions.isValid(version)) return [];
  return [{ field: 'version', message: `"${version}" is not a semantic version` }];
}

function checkKernel(range: unknown, versions: VersionPolicy): FieldIssue[] {
  if (typeof range !== 'string' || range.length === 0) return [];
  if (!versions.isValidRange(range)) return [{ field: 'kernel', message: `"${range}" is not a semver range` }];
  if (!versions.satisfies(KERNEL_VERSION, range)) {
    return [{ field: 'kernel', message: `requires kernel ${range}, but this host runs kernel ${KERNEL_VERSION}` }];
  }
  return [];
}

function toIssue(error: ErrorObject): FieldIssue {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (error.keyword === 'additionalProperties') {
    const extra = String((error.params as { additionalProperty: string }).additionalProperty);
    if (path === 'capabilities') {
      return { field: `capabilities.${extra}`, message: `unknown capability "${extra}"; known: ${CAPABILITY_NAMES.join(', ')}` };
    }
    return { field: path ? `${path}.${extra}` : extra, message: 'is not a known field' };
  }
  if (error.keyword === 'required') {
    const missing = String((error.params as { missingProperty: string }).missingProperty);
    return { field: path ? `${path}.${missing}` : missing, message: 'is required' };
  }
  if (error.keyword === 'enum' || error.keyword === 'const') {
    const allowed = error.params as { allowedValues?: unknown[]; allowedValue?: unknown };
    const values = allowed.allowedValues ?? [allowed.allowedValue];
    return { field: path || '(root)', message: `must be one of: ${values.map((v) => JSON.stringify(v)).join(', ')}` };
  }
  return { field: path || '(root)', message: error.message ?? 'is invalid' };
}

function dedupe(issues: FieldIssue[]): FieldIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.field}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
