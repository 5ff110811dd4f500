import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { re2RegExpEngine } from './re2-reg-exp-engine';
import { UNTRUSTED_SCHEMA_FORMATS } from './untrusted-schema-formats';

/**
 * An Ajv for one schema written by a user (one instance per schema, so one user's `$id` never
 * meets another's). Compile it only after the schema passed `checkUntrustedSchemaBounds` and the
 * meta-schema (checked elsewhere once, hence `validateSchema: false`).
 * - no `allErrors`: a failed check stops the walk instead of trying every other branch;
 * - strict: an unknown keyword or format is refused, not silently ignored (the bounds know every
 *   keyword Ajv runs); the strict checks of style (types, tuples, required) stay off, they refuse
 *   ordinary schemas such as `{"if": {"properties": …}}`;
 * - patterns run on RE2 (linear time);
 * - `inlineRefs: false` compiles each referenced subschema once, so compile time follows the
 *   schema's size, not its size with every `$ref` expanded; `optimize: false` halves compile time.
 */
export function createUntrustedSchemaAjv(): Ajv {
  const ajv = new Ajv({
    allErrors: false,
    strict: true,
    strictTypes: false,
    strictTuples: false,
    strictRequired: false,
    validateSchema: false,
    validateFormats: true,
    inlineRefs: false,
    code: { regExp: re2RegExpEngine, optimize: false },
  });
  addFormats(ajv, { mode: 'full', formats: [...UNTRUSTED_SCHEMA_FORMATS], keywords: true });
  return ajv;
}
