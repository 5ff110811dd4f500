import { Actor } from '../../../../../core/domain/auth/actor';
import { ToolOutcome } from '../../../../../core/domain/tool/tool-outcome';
import { ToolUseRateLimitedError } from '../../../../../core/domain/tool/tool.errors';
import { ToolInvocationContext } from '../../../../../core/ports/tool-registry.port';
import { JsonObject, JsonValue } from '../../../../../core/shared/json';
import { CodeNode } from '../../../../../core/services/workflows/nodes/code-node';
import { NodeFailure } from '../../../../../core/services/workflows/nodes/node-failure';
import { nodeContext } from '../../../../fixtures/workflows/node-run-context.mother';

const receipt = { tool_id: 'code', version: '1', wall_ms: 3, cpu_ms: 1, heap_bytes: 0, capabilities_used: [], http_calls: 0, outcome: 'success' as const };
const LOGS = [{ level: 'log' as const, message: 'summing 2 numbers' }];

class FakeKernel {
  readonly runs: Array<{ code: string; input: JsonValue; context: ToolInvocationContext }> = [];
  constructor(private readonly outcome: ToolOutcome) {}
  async runCode(code: string, input: JsonValue, context: ToolInvocationContext): Promise<ToolOutcome> {
    this.runs.push({ code, input, context });
    return this.outcome;
  }
}

class FakeThrottle {
  readonly taken: Array<{ actor: Actor; cost: number }> = [];
  constructor(private readonly refuse = false) {}
  async take(actor: Actor, cost: number): Promise<void> {
    if (this.refuse) throw new ToolUseRateLimitedError(30, 12);
    this.taken.push({ actor, cost });
  }
}

const CODE = 'function main(input) { console.log("summing", input.numbers.length, "numbers"); return { sum: input.numbers.reduce((a, b) => a + b, 0) }; }';

function context(config: JsonObject, signal?: AbortSignal) {
  return nodeContext({ type: 'code', config: { code: CODE, ...config }, input: { numbers: [1, 2] }, outputs: { prev: { label: 'x' } }, signal });
}

describe('code node', () => {
  it("When it runs, Then the kernel runs the code on the rendered input as the actor and main's result is the output, with the logs", async () => {
    const kernel = new FakeKernel({ success: true, result: { sum: 3 }, receipt, logs: LOGS });
    const throttle = new FakeThrottle();
    const signal = new AbortController().signal;
    const runContext = context({ input: { numbers: '{{input.numbers}}', label: 'from {{nodes.prev.output.label}}' } }, signal);

    const result = await new CodeNode(kernel, throttle).run(runContext);

    expect(result).toEqual({ output: { sum: 3 }, logs: LOGS });
    expect(kernel.runs).toEqual([
      {
        code: CODE,
        input: { numbers: [1, 2], label: 'from x' },
        context: { actor: runContext.actor, budget: runContext.budget, executionId: 'execution-1', signal },
      },
    ]);
    expect(throttle.taken).toEqual([{ actor: runContext.actor, cost: 1 }]);
  });

  it('When there is no input in the config, Then main gets an empty object', async () => {
    const kernel = new FakeKernel({ success: true, result: null, receipt, logs: [] });

    await new CodeNode(kernel, new FakeThrottle()).run(context({}));

    expect(kernel.runs[0].input).toEqual({});
  });

  it('When the code fails in the sandbox, Then the node fails as code.<reason> with the message and logs', async () => {
    const failed: ToolOutcome = {
      success: false,
      error: { code: 'timeout', message: 'The code ran longer than 1000 ms' },
      receipt: { ...receipt, outcome: 'timeout' },
      logs: LOGS,
    };

    const failure = await new CodeNode(new FakeKernel(failed), new FakeThrottle()).run(context({})).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(NodeFailure);
    expect(failure).toMatchObject({ code: 'code.timeout', message: 'The code ran longer than 1000 ms', logs: LOGS });
  });

  it('When the caller has spent their tool-use rate, Then the node fails as rate limited and runs nothing', async () => {
    const kernel = new FakeKernel({ success: true, result: 1, receipt, logs: [] });

    await expect(new CodeNode(kernel, new FakeThrottle(true)).run(context({}))).rejects.toMatchObject({ code: 'tool.rate_limited' });
    expect(kernel.runs).toEqual([]);
  });

  it('When the code is blank, Then the node fails without reaching the kernel', async () => {
    const kernel = new FakeKernel({ success: true, result: 1, receipt, logs: [] });

    await expect(new CodeNode(kernel, new FakeThrottle()).run(context({ code: '   ' }))).rejects.toMatchObject({ code: 'workflow.invalid_node' });
    expect(kernel.runs).toEqual([]);
  });
});
