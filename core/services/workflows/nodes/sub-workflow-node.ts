import { can } from '../../../domain/auth/authorization-policy';
import { renderTemplateValue } from '../../../domain/workflow/template';
import { WorkflowRepository } from '../../../ports/workflow-repository.port';
import { textField } from './node-config';
import { controlOf } from './node-control';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';

/**
 * Runs another stored workflow, one the actor may run (its owner, or an admin), on `input`
 * (a template value, by default the predecessor's output); its output is the node's. It runs
 * inside this run (same budget and signal), as a whole: a resumed run runs it again if it had
 * not finished. Nesting is bounded (`maxSubWorkflowDepth`), which also ends a workflow calling itself.
 */
export class SubWorkflowNode implements NodeType {
  readonly type = 'sub_workflow';
  readonly configSchema = {
    type: 'object',
    required: ['workflow_id'],
    properties: { workflow_id: { type: 'string', minLength: 1, maxLength: 36 }, input: {} },
  };

  constructor(private readonly workflows: Pick<WorkflowRepository, 'findById'>) {}

  async run(context: NodeRunContext): Promise<NodeRunResult> {
    const { actor, config, scope } = context;
    const id = textField(config, 'workflow_id') ?? '';
    const workflow = await this.workflows.findById(id);
    if (!workflow || !can(actor, 'execute', { ownerId: workflow.ownerId })) throw new NodeFailure('workflow.not_found', `Workflow "${id}" not found`);
    const input = config.input === undefined ? scope.last : renderTemplateValue(config.input, scope);
    const result = await controlOf(context).runGraph(workflow.graph, input, { kind: 'workflow' });
    if (!result.success)
      throw new NodeFailure(result.error?.code ?? 'workflow.sub_workflow_failed', result.error?.message ?? 'The sub-workflow failed', result.tokenUsage);
    return { output: result.output, tokenUsage: result.tokenUsage };
  }
}
