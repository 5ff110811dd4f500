import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import secureMetaSchema from 'ajv/dist/refs/json-schema-secure.json';
import { JsonSchemaValidator } from '../../core/ports/json-schema-validator.port';
import { FieldIssue } from '../../core/shared/domain-error';
import { JsonSchema, JsonValue } from '../../core/shared/json';

/**
 * Draft-07 validation with ajv for user-written schemas. Each schema is compiled by an ajv
 * of its own (a user's `$id` must never collide with another user's) and cached by its text.
 * Ajv treats schemas as trusted code, so a schema is accepted only when it also passes
 * ajv's security meta-schema (no unbounded `pattern`/`format`/`patternProperties`…) and
 * resolves without any remote `$ref`.
 */
export class AjvJsonSchemaValidator implements JsonSchemaValidator {
  private readonly meta = new Ajv({ allErrors: true, strict: false });
  private readonly isSecure: ValidateFunction;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly capacity = 500) {
    this.isSecure = this.meta.compile(secureMetaSchema);
  }

  checkSchema(schema: JsonSchema, field: string): FieldIssue[] {
    if (!this.meta.validateSchema(schema)) return firstPerField(issuesOf(this.meta.errors, field));
    if (!this.isSecure(schema)) {
      return issuesOf(this.isSecure.errors, field).map((issue) => ({ ...issue, message: `${issue.message} (bounds keep validation fast on hostile input)` }));
    }
    try {
      if ((this.validatorFor(schema) as { $async?: boolean }).$async) return [{ field, message: 'must not be an async schema' }];
    } catch (error) {
      return [{ field, message: `cannot be compiled: ${(error as Error).message}` }];
    }
    return [];
  }

  validate(schema: JsonSchema, value: JsonValue): FieldIssue[] {
    let validate: ValidateFunction;
    try {
      validate = this.validatorFor(schema);
    } catch {
      return [{ field: '', message: 'cannot be checked: the schema does not compile' }];
    }
    return validate(value) ? [] : issuesOf(validate.errors, '');
  }

  private validatorFor(schema: JsonSchema): ValidateFunction {
    const text = JSON.stringify(schema);
    const cached = this.compiled.get(text);
    if (cached) {
      this.compiled.delete(text);
      this.compiled.set(text, cached);
      return cached;
    }
    const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
    addFormats(ajv);
    const validate = ajv.compile(JSON.parse(text) as JsonSchema);
    this.compiled.set(text, validate);
    if (this.compiled.size > this.capacity) this.compiled.delete(this.compiled.keys().next().value as string);
    return validate;
  }
}

function issuesOf(errors: ErrorObject[] | null | undefined, root: string): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const error of errors ?? []) {
    const issue = { field: joinPath(root, error.instancePath), message: error.message ?? 'is invalid' };
    const key = `${issue.field}\u0000${issue.message}`;
    if (!seen.has(key)) issues.push(issue);
    seen.add(key);
  }
  return issues;
}

/** The meta-schema reports one wrong keyword several ways (enum, type, anyOf): its first reason is the clearest. */
function firstPerField(issues: FieldIssue[]): FieldIssue[] {
  return issues.filter((issue, index) => issues.findIndex((other) => other.field === issue.field) === index);
}

/** `/properties/city/0` under `input_schema` → `input_schema.properties.city[0]`. */
function joinPath(root: string, pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), root);
}
