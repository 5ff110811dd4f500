import { renderTemplate } from '../../../domain/workflow/template';
import { textField } from './node-config';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

/** Renders its `template` as text. */
export const templateNode: NodeType = {
  type: 'template',
  configSchema: { type: 'object', required: ['template'], properties: { template: { type: 'string', minLength: 1 } } },
  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    return { output: renderTemplate(textField(config, 'template') ?? '', scope) };
  },
};
