import { performance } from 'node:perf_hooks';
import { ToolError, ToolLogLine, ToolOutcome } from '../../../core/domain/tool/tool-outcome';
import { ToolInvocationContext } from '../../../core/ports/tool-registry.port';
import { describeIssuesUnder } from '../../../core/shared/issue-summary';
import { JsonValue } from '../../../core/shared/json';
import { CapabilityRouter } from '../capabilities/capability-router';
import { CapabilityScope } from '../capabilities/capability-scope';
import { SandboxMetrics, SandboxRunResult } from '../sandbox/sandbox-protocol';
import { SandboxSupervisor } from '../sandbox/sandbox-supervisor';
import { LoadedPlugin } from './loaded-plugin';

const NO_METRICS: SandboxMetrics = { cpuMs: 0, heapBytes: 0 };

interface OutcomeParts {
  result?: Partial<SandboxRunResult>;
  scope?: CapabilityScope;
  value?: JsonValue;
  error?: ToolError;
}

/** One tool call: input check, sandbox run with capabilities, output check, receipt. */
export class ToolInvoker {
  constructor(
    private readonly supervisor: SandboxSupervisor,
    private readonly router: CapabilityRouter,
  ) {}

  async invoke(plugin: LoadedPlugin, input: JsonValue, context: ToolInvocationContext): Promise<ToolOutcome> {
    const started = performance.now();
    const inputIssues = plugin.input.validate(input);
    if (inputIssues.length > 0) {
      return this.outcome(plugin, started, { error: { code: 'invalid_input', message: describeIssuesUnder('input', inputIssues) } });
    }
    if (context.signal?.aborted) {
      return this.outcome(plugin, started, { error: { code: 'timeout', message: 'The tool call was cancelled' } });
    }
    const ended = lazyController();
    let signal: AbortSignal | undefined;
    const scope: CapabilityScope = {
      pluginId: plugin.manifest.id,
      publisher: plugin.manifest.publisher,
      grants: plugin.manifest.capabilities,
      actor: context.actor,
      budget: context.budget,
      executionId: context.executionId,
      // Most calls use no capability: the signal (and its cost) only exists once one asks for it.
      get signal() {
        signal ??= context.signal ? AbortSignal.any([ended.signal(), context.signal]) : ended.signal();
        return signal;
      },
      deadline: Date.now() + plugin.limits.timeoutMs,
      counts: new Map(),
      used: new Set(),
    };
    let result: SandboxRunResult;
    try {
      result = await this.supervisor.run(
        {
          key: plugin.sandbox.key,
          user: context.actor.userId,
          input: JSON.stringify(input),
          cpuMs: plugin.limits.cpuMs,
          timeoutMs: plugin.limits.timeoutMs,
          signal: context.signal,
        },
        (capability, method, args) => this.router.handle(scope, capability, method, args),
      );
    } finally {
      ended.abort();
    }
    if (!result.ok) return this.outcome(plugin, started, { result, scope, error: result.error });
    return this.outcome(plugin, started, { result, scope, ...this.checkOutput(plugin, result.output) });
  }

  private checkOutput(plugin: LoadedPlugin, output: string): Pick<OutcomeParts, 'value' | 'error'> {
    let value: JsonValue;
    try {
      value = JSON.parse(output) as JsonValue;
    } catch {
      return { error: { code: 'invalid_output', message: 'The output is not JSON' } };
    }
    const outputIssues = plugin.output.validate(value);
    if (outputIssues.length > 0) {
      return { error: { code: 'invalid_output', message: `The output does not match the output schema: ${describeIssuesUnder('output', outputIssues)}` } };
    }
    return { value };
  }

  private outcome(plugin: LoadedPlugin, started: number, { result = {}, scope, value, error }: OutcomeParts): ToolOutcome {
    const metrics = result.metrics ?? NO_METRICS;
    const used = new Set([...(result.used ?? []), ...(scope?.used ?? [])]);
    const receipt = {
      tool_id: plugin.manifest.id,
      version: plugin.manifest.version,
      wall_ms: round(performance.now() - started),
      cpu_ms: round(metrics.cpuMs),
      heap_bytes: metrics.heapBytes,
      capabilities_used: [...used].sort(),
      http_calls: scope?.counts.get('http') ?? 0,
      outcome: error ? error.code : ('success' as const),
    };
    const logs: ToolLogLine[] = result.logs ?? [];
    if (error) return { success: false, error, receipt, logs };
    return { success: true, result: value ?? null, receipt, logs };
  }
}

function lazyController(): { signal(): AbortSignal; abort(): void } {
  let controller: AbortController | undefined;
  return {
    signal: () => (controller ??= new AbortController()).signal,
    abort: () => controller?.abort(),
  };
}

function round(ms: number): number {
  return Math.round(ms * 1000) / 1000;
}
