import { FieldIssue } from '../shared/domain-error';
import { JsonSchema, JsonValue } from '../shared/json';
import { token } from '../shared/token';

/**
 * JSON Schema (draft-07) for schemas written by users. Validators are cached per schema
 * text, so validating many values against one stored schema compiles it once.
 */
export interface JsonSchemaValidator {
  /**
   * Problems that make `schema` unusable: not a valid draft-07 schema, an unresolvable
   * `$ref`, or a construct that makes validation slow on hostile input (an unbounded
   * `pattern` or `format`). Empty when it is fine. Fields are JSON paths under `field`.
   */
  checkSchema(schema: JsonSchema, field: string): FieldIssue[];
  /** Problems of `value` against a schema that passed `checkSchema`; empty when valid. */
  validate(schema: JsonSchema, value: JsonValue): FieldIssue[];
}

export const JSON_SCHEMA_VALIDATOR = token<JsonSchemaValidator>('JsonSchemaValidator');
