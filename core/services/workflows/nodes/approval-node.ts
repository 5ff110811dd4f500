import { renderTemplate } from '../../../domain/workflow/template';
import { TEMPLATE_SCHEMA } from './body-schema';
import { textField } from './node-config';
import { controlOf } from './node-control';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';

/**
 * Waits for its owner to approve or reject (`/approval`): the run parks with the rendered
 * `prompt`. Approved: output `{decision, comment}` and the edges labelled `approved` or unlabelled
 * are taken. Rejected: the `rejected` edges, or, when there are none, the node fails with
 * `workflow.approval_rejected`.
 */
export const approvalNode: NodeType = {
  type: 'approval',
  configSchema: { type: 'object', required: ['prompt'], properties: { prompt: { ...TEMPLATE_SCHEMA, minLength: 1 } } },
  async run(context: NodeRunContext): Promise<NodeRunResult> {
    const control = controlOf(context);
    const { decision } = control;
    if (!decision)
      return { output: null, park: { kind: 'approval', prompt: renderTemplate(textField(context.config, 'prompt') ?? '', context.scope), inputSchema: null } };
    const output = { decision: decision.decision, comment: decision.comment };
    if (decision.decision === 'approved') return { output, branch: 'approved' };
    if (!control.outgoingBranches.includes('rejected')) throw new NodeFailure('workflow.approval_rejected', 'The approval was rejected');
    return { output, branch: 'rejected' };
  },
};
