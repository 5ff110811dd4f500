import { renderTemplate } from '../../../domain/workflow/template';
import { textField } from './node-config';
import { NodeExecutor, NodeRunContext, NodeRunResult } from './node-executor';

/** Renders its `template` as text. */
export const templateNode: NodeExecutor = {
  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    return { output: renderTemplate(textField(config, 'template') ?? '', scope) };
  },
};
