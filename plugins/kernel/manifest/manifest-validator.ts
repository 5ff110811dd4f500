import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { CAPABILITY_NAMES } from '../../../core/domain/tool/tool-descriptor';
import { FieldIssue } from '../../../core/shared/domain-error';
import { JsonValue } from '../../../core/shared/json';
import { KERNEL_VERSION } from './kernel-version';
import manifestSchema from './manifest.schema.json';
import { PluginManifest } from './plugin-manifest';
import { isValidRange, satisfies } from './semver-range';

export type ManifestCheck = { ok: true; manifest: PluginManifest } | { ok: false; issues: FieldIssue[] };

/** Ajv for the tools' own input/output schemas: formats on, unknown keywords tolerated. */
export function createSchemaAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  addFormats(ajv);
  return ajv;
}

const manifestAjv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const validateShape = manifestAjv.compile(manifestSchema);
const schemaAjv = createSchemaAjv();

/**
 * Checks a manifest completely and reports every problem at once: its shape, unknown
 * capabilities by name, the two tool schemas as JSON Schemas, and the kernel range.
 */
export function validateManifest(candidate: JsonValue | unknown): ManifestCheck {
  const issues: FieldIssue[] = [];
  if (!validateShape(candidate)) {
    issues.push(...(validateShape.errors ?? []).map(toIssue));
  }
  if (isObject(candidate)) {
    issues.push(...checkSchemas(candidate), ...checkKernel(candidate.kernel));
  }
  return issues.length === 0 ? { ok: true, manifest: candidate as PluginManifest } : { ok: false, issues: dedupe(issues) };
}

function checkSchemas(manifest: Record<string, unknown>): FieldIssue[] {
  const issues: FieldIssue[] = [];
  for (const field of ['input_schema', 'output_schema']) {
    const schema = manifest[field];
    if (!isObject(schema)) continue;
    try {
      if (!schemaAjv.validateSchema(schema)) {
        const detail = schemaAjv.errorsText(schemaAjv.errors, { dataVar: field });
        issues.push({ field, message: `is not a valid JSON Schema: ${detail}` });
        continue;
      }
      const validate = schemaAjv.compile(schema);
      if (field === 'input_schema') issues.push(...checkExamples(manifest.examples, validate));
      schemaAjv.removeSchema(schema);
    } catch (error) {
      issues.push({ field, message: `cannot be compiled: ${(error as Error).message}` });
    }
  }
  return issues;
}

/** Examples are what models and docs show: they must be valid inputs. */
function checkExamples(examples: unknown, validate: ValidateFunction): FieldIssue[] {
  if (!Array.isArray(examples)) return [];
  return examples.flatMap((example, index) => {
    if (!isObject(example) || !isObject(example.input) || validate(example.input)) return [];
    return [{ field: `examples.${index}.input`, message: `does not match input_schema: ${schemaAjv.errorsText(validate.errors, { dataVar: 'input' })}` }];
  });
}

function checkKernel(range: unknown): FieldIssue[] {
  if (typeof range !== 'string' || range.length === 0) return [];
  if (!isValidRange(range)) return [{ field: 'kernel', message: `"${range}" is not a semver range` }];
  if (!satisfies(KERNEL_VERSION, range)) {
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
    const allowed = (error.params as { allowedValues?: unknown[]; allowedValue?: unknown });
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
