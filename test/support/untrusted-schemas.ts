import { AjvJsonSchemaValidator } from '../../adapters/validation/ajv-json-schema-validator';
import { CompiledSchema } from '../../core/ports/json-schema-validator.port';
import { JsonSchema } from '../../core/shared/json';

/** The validator the kernel and the custom tools compile schemas with. */
export const schemaValidator = new AjvJsonSchemaValidator();

/** `schema` compiled as the kernel compiles a manifest's schemas; throws with every issue when it is refused. */
export function compileSchema(schema: object): CompiledSchema {
  const compiled = schemaValidator.compile(schema as JsonSchema, 'schema');
  if (!compiled.ok) throw new Error(`The schema is refused: ${JSON.stringify(compiled.error)}`);
  return compiled.value;
}
