import { MAX_CODE_CHARS } from '../../../domain/tool/custom-tool-config.rules';
import { toolUseCost } from '../../../domain/tool/tool-use-cost';
import { ToolRegistry } from '../../../ports/tool-registry.port';
import { ToolUseThrottle } from '../../tools/tool-use-throttle.service';
import { textField } from './node-config';
import { configObject } from './node-config-schema';
import { NodeRunContext, NodeRunResult } from './node-executor';
import { NodeFailure } from './node-failure';
import { NodeType } from './node-type';
import { renderedObject } from './rendered-object';

/**
 * Runs JavaScript that defines `function main(input)` in the sandbox kernel, as code tools and
 * `POST /tools/test/code` do (never in this process): `input` is the config's `input` object
 * rendered, the output is what `main` returns, and what the code logged is kept. A failure
 * (`runtime_error`, `timeout`, `memory_limit`…) fails the node as `code.<reason>`. Each run
 * counts against the caller's tool-use rate as a code tool does.
 */
export class CodeNode implements NodeType {
  readonly type = 'code';
  readonly configSchema = configObject(
    { code: { type: 'string', minLength: 1, maxLength: MAX_CODE_CHARS, pattern: '\\bmain\\b' }, input: { type: 'object' } },
    ['code'],
  );

  constructor(
    private readonly kernel: Pick<ToolRegistry, 'runCode'>,
    private readonly throttle: Pick<ToolUseThrottle, 'take'>,
  ) {}

  async run({ actor, config, scope, budget, trace, signal }: NodeRunContext): Promise<NodeRunResult> {
    const code = textField(config, 'code') ?? '';
    if (code.trim() === '' || code.length > MAX_CODE_CHARS)
      throw new NodeFailure('workflow.invalid_node', `The code must be 1 to ${MAX_CODE_CHARS} characters`);
    const input = renderedObject(config, 'input', scope);
    await this.throttle.take(actor, toolUseCost([]));
    const outcome = await this.kernel.runCode(code, input, { actor, budget, executionId: trace.executionId, signal });
    if (!outcome.success) throw new NodeFailure(`code.${outcome.error.code}`, outcome.error.message, undefined, outcome.logs);
    return { output: outcome.result, logs: outcome.logs };
  }
}
