import { NodeExecutor, NodeRunContext, NodeRunResult } from './node-executor';

/** Hands the run's input on. */
export const startNode: NodeExecutor = {
  async run({ scope }: NodeRunContext): Promise<NodeRunResult> {
    return { output: scope.input };
  },
};
