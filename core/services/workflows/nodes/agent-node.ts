import { renderTemplate } from '../../../domain/workflow/template';
import { AgentCaller } from '../../agents/agent-caller.service';
import { textField } from './node-config';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';
import { NodeFailure } from './node-failure';

/** Runs a stored agent on the rendered `input` (default: the predecessor's output); its reply is the output. */
export class AgentNode implements NodeType {
  readonly type = 'agent';
  readonly configSchema = {
    type: 'object',
    required: ['agent_id'],
    properties: { agent_id: { type: 'string', minLength: 1, maxLength: 100 }, input: { type: 'string' } },
  };

  constructor(private readonly agents: Pick<AgentCaller, 'call'>) {}

  async run({ actor, config, scope, budget, signal, trace }: NodeRunContext): Promise<NodeRunResult> {
    const message = renderTemplate(textField(config, 'input') ?? '{{last}}', scope);
    const result = await this.agents.call(actor, textField(config, 'agent_id') ?? '', message, { budget, signal, executionId: trace.executionId });
    if (!result.success) {
      const error = result.error ?? { code: 'agent.run_failed', message: 'The agent run did not complete' };
      throw new NodeFailure(error.code, error.message, result.tokenUsage);
    }
    return { output: result.output, tokenUsage: result.tokenUsage };
  }
}
