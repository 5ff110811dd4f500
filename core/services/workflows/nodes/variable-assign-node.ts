import { configObject } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';
import { renderedObject } from './rendered-object';

/** Variable names, as templates and JSONPath name them without quoting. */
const VARIABLE_NAME = '^[A-Za-z_][A-Za-z0-9_]{0,63}$';

/**
 * Sets named variables: the output is `assignments` with every string leaf rendered, so a value
 * that is exactly one placeholder keeps its type (`"{{input.count}}"` stays a number).
 */
export const variableAssignNode: NodeType = {
  type: 'variable_assign',
  configSchema: configObject({ assignments: { type: 'object', minProperties: 1, maxProperties: 100, propertyNames: { pattern: VARIABLE_NAME } } }, [
    'assignments',
  ]),
  async run({ config, scope }: NodeRunContext): Promise<NodeRunResult> {
    return { output: renderedObject(config, 'assignments', scope) };
  },
};
