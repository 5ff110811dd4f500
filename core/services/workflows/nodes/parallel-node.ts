import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';

/** Fans out: hands its predecessor's output on, and every edge leaving it is taken, the branches running at once. */
export const parallelNode: NodeType = {
  type: 'parallel',
  configSchema: { type: 'object' },
  async run({ scope }: NodeRunContext): Promise<NodeRunResult> {
    return { output: scope.last };
  },
};
