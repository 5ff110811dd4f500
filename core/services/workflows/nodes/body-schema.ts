import { JsonSchema } from '../../../shared/json';
import { CONDITION_OPERATORS } from '../../../domain/workflow/workflow-condition';
import { MAX_TEMPLATE_CHARS } from '../../../domain/workflow/template-limits';

/** A loop's or iteration's body: a graph of its own (start → … → end), checked like the workflow itself. */
export const BODY_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['nodes', 'edges'],
  properties: { nodes: { type: 'array', minItems: 2 }, edges: { type: 'array' } },
};

export const TEMPLATE_SCHEMA: JsonSchema = { type: 'string', maxLength: MAX_TEMPLATE_CHARS };

/** `{left, operator, right}` as a condition node has them. */
export const CONDITION_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['left', 'operator'],
  additionalProperties: false,
  properties: { left: TEMPLATE_SCHEMA, operator: { enum: [...CONDITION_OPERATORS] }, right: TEMPLATE_SCHEMA },
};
