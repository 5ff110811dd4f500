import { renderTemplate } from '../../../domain/workflow/template';
import { textField } from './node-config';
import { NodeExecutor, NodeRunContext, NodeRunResult } from './node-executor';

/** The workflow's answer: its `output` template rendered, or else what its predecessor produced. */
export const endNode: NodeExecutor = {
  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    const template = textField(config, 'output');
    return { output: template === undefined ? scope.last : renderTemplate(template, scope) };
  },
};
