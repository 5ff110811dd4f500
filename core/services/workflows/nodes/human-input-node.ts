import { renderTemplate } from '../../../domain/workflow/template';
import { JsonObject } from '../../../shared/json';
import { TEMPLATE_SCHEMA } from './body-schema';
import { textField } from './node-config';
import { controlOf } from './node-control';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

/**
 * Waits for its owner to submit input (`/approval`, decision `submit`): the run parks with the
 * rendered `prompt` and the optional `input_schema` the input must match (checked when it is
 * submitted). The submitted input is the node's output.
 */
export const humanInputNode: NodeType = {
  type: 'human_input',
  configSchema: {
    type: 'object',
    required: ['prompt'],
    properties: { prompt: { ...TEMPLATE_SCHEMA, minLength: 1 }, input_schema: { type: 'object' } },
  },
  async run(context: NodeRunContext): Promise<NodeRunResult> {
    const { decision } = controlOf(context);
    if (decision) return { output: decision.input };
    const schema = context.config.input_schema;
    const inputSchema = schema !== null && typeof schema === 'object' && !Array.isArray(schema) ? (schema as JsonObject) : null;
    return { output: null, park: { kind: 'human_input', prompt: renderTemplate(textField(context.config, 'prompt') ?? '', context.scope), inputSchema } };
  },
};
