import { MAX_TEMPLATE_CHARS } from '../../../domain/workflow/template-limits';
import { JsonObject, JsonSchema } from '../../../shared/json';

/** A node config: only the listed fields, so a misspelt one is reported on save rather than ignored. */
export function configObject(properties: JsonObject, required: string[] = []): JsonSchema {
  return { type: 'object', additionalProperties: false, required, properties };
}

/** A string that is rendered as a template before use. */
export function templateField(minLength = 0): JsonSchema {
  return { type: 'string', minLength, maxLength: MAX_TEMPLATE_CHARS };
}

/** A model name, as the llm node takes it. */
export const MODEL_FIELD: JsonSchema = { type: 'string', minLength: 1, maxLength: 100 };
