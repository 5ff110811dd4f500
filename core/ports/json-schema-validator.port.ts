import { FieldIssue } from '../shared/domain-error';
import { JsonSchema, JsonValue } from '../shared/json';
import { Result } from '../shared/result';
import { token } from '../shared/token';

/** A schema ready to check values; cheap to call many times. */
export interface CompiledSchema {
  /**
   * Problems of `value`, empty when it is valid. Fields are paths inside the value (`''` for the
   * value itself, `city`, `days[1]`). A value too large to check in bounded time is refused with
   * an issue rather than checked.
   */
  validate(value: JsonValue): FieldIssue[];
}

/**
 * JSON Schema (draft-07) written by someone the server does not trust: a user's custom tool, a
 * plugin manifest, and any later place that compiles a user's schema. The one way such a schema
 * is turned into a validator, so every one gets the same bounds on what it may cost.
 */
export interface JsonSchemaValidator {
  /**
   * `schema` compiled, or every problem that makes it unusable: not a valid draft-07 schema, a
   * `$ref` outside the schema or to nothing, or a construct whose validation could be slow on
   * hostile input (see docs/security.md). Issue fields are paths under `field`
   * (`input_schema.properties.code.pattern`). Compiled schemas are cached by their JSON text.
   */
  compile(schema: JsonSchema, field: string): Result<CompiledSchema, FieldIssue[]>;
}

export const JSON_SCHEMA_VALIDATOR = token<JsonSchemaValidator>('JsonSchemaValidator');
