import { renderTemplateValue } from '../../../domain/workflow/template';
import { ToolError } from '../../../domain/tool/tool-outcome';
import { ToolUseRateLimitedError } from '../../../domain/tool/tool.errors';
import { JsonObject } from '../../../shared/json';
import { ToolRunner } from '../../tools/tool-runner.service';
import { objectField, textField } from './node-config';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeType } from './node-type';
import { NodeFailure } from './node-failure';

/**
 * Calls a tool with its `arguments` rendered; the tool's result is the output. A failing tool
 * fails the node, unless `continue_on_error` is true: then the output is null and the error
 * is recorded on the step. A spent tool-use rate is such a failure (`tool.rate_limited`).
 */
export class ToolNode implements NodeType {
  readonly type = 'tool';
  readonly configSchema = {
    type: 'object',
    required: ['tool_id'],
    properties: {
      tool_id: { type: 'string', minLength: 1, maxLength: 100 },
      arguments: { type: 'object' },
      continue_on_error: { type: 'boolean' },
    },
  };

  constructor(private readonly tools: Pick<ToolRunner, 'use'>) {}

  async run({ actor, config, scope, budget, trace, signal }: NodeRunContext): Promise<NodeRunResult> {
    const args = renderTemplateValue(objectField(config, 'arguments'), scope) as JsonObject;
    const outcome = await this.tools.use(actor, textField(config, 'tool_id') ?? '', args, { budget, signal, trace }).catch(rateLimitedAsFailure);
    if (outcome.success) return { output: outcome.result };
    const error = { code: `tool.${outcome.error.code}`, message: outcome.error.message };
    if (config.continue_on_error === true) return { output: null, error };
    throw new NodeFailure(error.code, error.message);
  }
}

function rateLimitedAsFailure(error: unknown): { success: false; error: ToolError } {
  if (error instanceof ToolUseRateLimitedError) return { success: false, error: { code: 'rate_limited', message: error.message } };
  throw error;
}
