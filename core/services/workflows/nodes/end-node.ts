import { renderTemplate } from '../../../domain/workflow/template';
import { textField } from './node-config';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

/** The workflow's answer: its `output` template rendered, or else what its predecessor produced. */
export const endNode: NodeType = {
  type: 'end',
  configSchema: { type: 'object', properties: { output: { type: 'string' } } },
  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    const template = textField(config, 'output');
    return { output: template === undefined ? scope.last : renderTemplate(template, scope) };
  },
};
