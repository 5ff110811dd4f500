import { renderTemplate } from '../../../domain/workflow/template';
import { CONDITION_OPERATORS, evaluateCondition, isConditionOperator } from '../../../domain/workflow/workflow-condition';
import { textField } from './node-config';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';
import { NodeFailure } from './node-failure';

/** Compares `left` and `right` (both templates) and takes the edges of the matching branch. */
export const conditionNode: NodeType = {
  type: 'condition',
  configSchema: {
    type: 'object',
    required: ['left', 'operator'],
    properties: { left: { type: 'string', minLength: 1 }, operator: { enum: [...CONDITION_OPERATORS] }, right: { type: 'string' } },
  },
  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    const operator = config.operator;
    if (!isConditionOperator(operator)) throw new NodeFailure('workflow.invalid_node', 'The condition has no valid operator');
    const left = renderTemplate(textField(config, 'left') ?? '', scope);
    const right = renderTemplate(textField(config, 'right') ?? '', scope);
    const result = evaluateCondition(left, operator, right);
    return { output: result, branch: result ? 'true' : 'false' };
  },
};
