import { renderTemplate } from '../../../domain/workflow/template';
import { evaluateCondition, isConditionOperator } from '../../../domain/workflow/workflow-condition';
import { textField } from './node-config';
import { NodeExecutor, NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';

/** Compares `left` and `right` (both templates) and takes the edges of the matching branch. */
export const conditionNode: NodeExecutor = {
  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    const operator = config.operator;
    if (!isConditionOperator(operator)) throw new NodeFailure('workflow.invalid_node', 'The condition has no valid operator');
    const left = renderTemplate(textField(config, 'left') ?? '', scope);
    const right = renderTemplate(textField(config, 'right') ?? '', scope);
    const result = evaluateCondition(left, operator, right);
    return { output: result, branch: result ? 'true' : 'false' };
  },
};
