import { renderTemplate } from '../../../domain/workflow/template';
import { textField } from './node-config';
import { configObject, templateField } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

/** Renders `answer` as the text the run answers with: the output is `{answer}`. */
export const answerNode: NodeType = {
  type: 'answer',
  configSchema: configObject({ answer: templateField(1) }, ['answer']),
  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    return { output: { answer: renderTemplate(textField(config, 'answer') ?? '', scope) } };
  },
};
