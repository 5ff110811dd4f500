import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

/** Hands the run's input on. */
export const startNode: NodeType = {
  type: 'start',
  configSchema: { type: 'object' },
  async run({ scope }: NodeRunContext): Promise<NodeRunResult> {
    return { output: scope.input };
  },
};
