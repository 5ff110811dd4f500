import { textField } from './node-config';
import { controlOf } from './node-control';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

/**
 * Joins branches: runs once every predecessor has settled, and outputs the outputs of the branches
 * that reached it, by node id (`mode: object`, the default) or as a list in edge order (`mode: array`).
 */
export const mergeNode: NodeType = {
  type: 'merge',
  configSchema: { type: 'object', properties: { mode: { enum: ['object', 'array'] } } },
  async run(context: NodeRunContext): Promise<NodeRunResult> {
    const inputs = controlOf(context).incomingOutputs;
    return { output: textField(context.config, 'mode') === 'array' ? Object.values(inputs) : inputs };
  },
};
