import Ajv, { ValidateFunction } from 'ajv';
import { CompiledSchema, JsonSchemaValidator } from '../../core/ports/json-schema-validator.port';
import { FieldIssue } from '../../core/shared/domain-error';
import { JsonSchema } from '../../core/shared/json';
import { err, ok, Result } from '../../core/shared/result';
import { AjvCompiledSchema } from './ajv-compiled-schema';
import { fieldAt, issuesOf } from './ajv-field-issues';
import { checkUntrustedSchemaBounds } from './untrusted-schema-bounds';
import { createUntrustedSchemaAjv } from './untrusted-schema-ajv';

/**
 * Draft-07 schemas from users, compiled by Ajv only once they are known to be cheap: first the
 * static bounds (untrusted-schema-bounds.ts), then the meta-schema, then an Ajv of their own
 * with patterns on RE2 (untrusted-schema-ajv.ts). Ajv turns a schema into code, so nothing of a
 * user's schema reaches it unchecked. Compiled schemas are cached by their JSON text (least
 * recently used beyond `capacity`); refusals are not, they are cheap to find again.
 */
export class AjvJsonSchemaValidator implements JsonSchemaValidator {
  /** The draft-07 meta-schema is ours: every problem is worth reporting at once. */
  private readonly meta = new Ajv({ allErrors: true, strict: false });
  private readonly compiled = new Map<string, CompiledSchema>();

  constructor(private readonly capacity = 500) {}

  compile(schema: JsonSchema, field: string): Result<CompiledSchema, FieldIssue[]> {
    let text: string;
    try {
      text = JSON.stringify(schema);
    } catch {
      return err([{ field, message: 'must be JSON' }]);
    }
    const cached = this.compiled.get(text);
    if (cached) {
      this.compiled.delete(text);
      this.compiled.set(text, cached);
      return ok(cached);
    }
    // A fresh copy: Ajv keeps the object it compiled, and the caller's may change later.
    const document = JSON.parse(text) as JsonSchema;
    const bounded = checkUntrustedSchemaBounds(document);
    if (!bounded.ok) return err(bounded.error.map((issue) => ({ field: fieldAt(field, issue.field), message: issue.message })));
    if (!this.followsMetaSchema(document)) return err(firstPerField(issuesOf(this.meta.errors, field)));
    let validate: ValidateFunction;
    try {
      validate = createUntrustedSchemaAjv().compile(document);
    } catch (error) {
      return err([{ field, message: `cannot be compiled: ${(error as Error).message}` }]);
    }
    const compiled = new AjvCompiledSchema(validate, bounded.value);
    this.compiled.set(text, compiled);
    if (this.compiled.size > this.capacity) this.compiled.delete(this.compiled.keys().next().value as string);
    return ok(compiled);
  }

  private followsMetaSchema(document: JsonSchema): boolean {
    try {
      return this.meta.validateSchema(document) as boolean;
    } catch {
      // Only draft-07 is known: another `$schema` names a meta-schema Ajv cannot find.
      this.meta.errors = [
        {
          instancePath: '/$schema',
          schemaPath: '#/$schema',
          keyword: '$schema',
          params: {},
          message: 'must be draft-07 ("http://json-schema.org/draft-07/schema#") or left out',
        },
      ];
      return false;
    }
  }
}

/** The meta-schema reports one wrong keyword several ways (enum, type, anyOf): its first reason is the clearest. */
function firstPerField(issues: FieldIssue[]): FieldIssue[] {
  return issues.filter((issue, index) => issues.findIndex((other) => other.field === issue.field) === index);
}
