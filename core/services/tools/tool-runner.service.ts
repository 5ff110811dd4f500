import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { can } from '../../domain/auth/authorization-policy';
import { RunTrace } from '../../domain/run/run-trace';
import { CustomTool, CustomToolOfKind } from '../../domain/tool/custom-tool.entity';
import { ToolArguments } from '../../domain/tool/http-tool-template';
import { ToolError, ToolOutcome } from '../../domain/tool/tool-outcome';
import { ToolReceipt } from '../../domain/tool/tool-receipt';
import { toolUseCost } from '../../domain/tool/tool-use-cost';
import { ToolNotFoundError } from '../../domain/tool/tool.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { CUSTOM_TOOL_REPOSITORY, CustomToolRepository } from '../../ports/custom-tool-repository.port';
import { HTTP_EGRESS, HttpEgress } from '../../ports/http-egress.port';
import { JSON_SCHEMA_VALIDATOR, JsonSchemaValidator } from '../../ports/json-schema-validator.port';
import { SECRET_CIPHER, SecretCipher } from '../../ports/secret-cipher.port';
import { TOOL_REGISTRY, ToolInvocationContext, ToolRegistry } from '../../ports/tool-registry.port';
import { describeIssuesUnder, summarizeIssues } from '../../shared/issue-summary';
import { isCustomToolId } from './catalog-tool';
import { HttpCallResult, HttpToolCaller } from './http-tool-caller';
import { ToolCallRecorder } from './tool-call-recorder.service';
import { ToolUseThrottle } from './tool-use-throttle.service';

export type ToolUseContext = Omit<ToolInvocationContext, 'actor'> & {
  /** The run this use serves, kept with its receipt; the actor stands for the owner when it has none. */
  trace?: RunTrace;
};

/**
 * Invokes any tool the actor may use: kernel tools through the registry, custom code tools
 * in the sandbox, custom http tools through the egress guard. Every use, whoever starts it
 * (`/tools/{id}/use`, an agent run, a workflow node), passes here and is counted against the
 * actor's weighted per-minute rate first. A failing tool is an outcome with a stable code and
 * a receipt, never a throw (behaviour rule 2); only an unknown or invisible tool throws
 * `ToolNotFoundError`, and a spent rate `ToolUseRateLimitedError`. Every use that ran leaves its
 * receipt in the tool call log.
 */
@injectable()
export class ToolRunner {
  private readonly http: HttpToolCaller;

  constructor(
    @inject(TOOL_REGISTRY) private readonly registry: ToolRegistry,
    @inject(CUSTOM_TOOL_REPOSITORY) private readonly customTools: CustomToolRepository,
    @inject(JSON_SCHEMA_VALIDATOR) private readonly schemas: JsonSchemaValidator,
    @inject(HTTP_EGRESS) egress: HttpEgress,
    @inject(SECRET_CIPHER) cipher: SecretCipher,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(ToolUseThrottle) private readonly throttle: ToolUseThrottle,
    @inject(ToolCallRecorder) private readonly recorder: ToolCallRecorder,
  ) {
    this.http = new HttpToolCaller(egress, cipher);
  }

  async use(actor: Actor, id: string, args: ToolArguments, context: ToolUseContext = {}): Promise<ToolOutcome> {
    const { trace, ...invocation } = context;
    // Runs the tool starts (a workflow, through the platform capability) record the execution that called it as their parent.
    const outcome = await this.run(actor, id, args, { ...invocation, executionId: invocation.executionId ?? trace?.executionId });
    await this.recorder.record(outcome, { ...trace, ownerId: trace?.ownerId ?? actor.userId });
    return outcome;
  }

  /** Checks visibility and the rate, then runs the tool; what throws here ran nothing and is not recorded. */
  private async run(actor: Actor, id: string, args: ToolArguments, context: Omit<ToolInvocationContext, 'actor'>): Promise<ToolOutcome> {
    if (!isCustomToolId(id)) {
      const descriptor = this.registry.get(id);
      if (!descriptor || (!descriptor.enabled && actor.role !== 'admin')) throw new ToolNotFoundError(id);
      await this.throttle.take(actor, toolUseCost(descriptor.capabilities));
      return this.registry.invoke(id, args, { ...context, actor });
    }
    const tool = await this.customTools.findById(id.toLowerCase());
    if (!tool || !can(actor, 'read', { ownerId: tool.ownerId }) || !can(actor, 'execute', { ownerId: tool.ownerId })) {
      throw new ToolNotFoundError(id);
    }
    await this.throttle.take(actor, toolUseCost(tool.kind === 'http' ? ['http'] : []));
    return this.useCustom(actor, tool, args, context);
  }

  private async useCustom(actor: Actor, tool: CustomTool, args: ToolArguments, context: ToolUseContext): Promise<ToolOutcome> {
    const started = this.clock.now();
    // Stored schemas are compiled through the same bounds as new ones: one saved before a bound existed is refused here.
    const input = this.schemas.compile(tool.inputSchema, 'input_schema');
    const output = this.schemas.compile(tool.outputSchema, 'output_schema');
    if (!input.ok || !output.ok) {
      const issues = [...(input.ok ? [] : input.error), ...(output.ok ? [] : output.error)];
      const message = summarizeIssues("The tool's schemas are no longer accepted (update the tool)", issues);
      return failure(receiptOf(tool, this.elapsed(started), 'unavailable'), { code: 'unavailable', message });
    }
    const inputIssues = input.value.validate(args);
    if (inputIssues.length > 0) {
      const message = describeIssuesUnder('arguments', inputIssues);
      return failure(receiptOf(tool, this.elapsed(started), 'invalid_input'), { code: 'invalid_input', message });
    }
    const outcome = tool.kind === 'code' ? await this.runCode(actor, tool, args, context) : await this.callHttp(tool, args, started, context);
    if (!outcome.success) return outcome;
    const outputIssues = output.value.validate(outcome.result);
    if (outputIssues.length === 0) return outcome;
    const message = `The result does not match the output schema: ${describeIssuesUnder('result', outputIssues)}`;
    return { ...failure(outcome.receipt, { code: 'invalid_output', message }), logs: outcome.logs };
  }

  private async runCode(actor: Actor, tool: CustomToolOfKind<'code'>, args: ToolArguments, context: ToolUseContext): Promise<ToolOutcome> {
    const outcome = await this.registry.runCode(tool.config.code, args, { ...context, actor });
    const receipt = { ...outcome.receipt, tool_id: tool.id, version: versionOf(tool) };
    return { ...outcome, receipt };
  }

  private async callHttp(tool: CustomToolOfKind<'http'>, args: ToolArguments, started: Date, context: ToolUseContext): Promise<ToolOutcome> {
    const result: HttpCallResult = await this.http.call(tool, args, context.signal);
    const receipt: ToolReceipt = {
      ...receiptOf(tool, this.elapsed(started), result.ok ? 'success' : result.error.code),
      capabilities_used: ['http'],
      http_calls: result.httpCalls,
    };
    if (!result.ok) return failure(receipt, result.error);
    return { success: true, result: result.value, receipt, logs: [] };
  }

  private elapsed(started: Date): number {
    return Math.max(0, this.clock.now().getTime() - started.getTime());
  }
}

/** Custom tools have no semantic version: the receipt names the revision that ran. */
function versionOf(tool: CustomTool): string {
  return tool.updatedAt.toISOString();
}

function receiptOf(tool: CustomTool, wallMs: number, outcome: ToolReceipt['outcome']): ToolReceipt {
  return { tool_id: tool.id, version: versionOf(tool), wall_ms: wallMs, cpu_ms: 0, heap_bytes: 0, capabilities_used: [], http_calls: 0, outcome };
}

function failure(receipt: ToolReceipt, error: ToolError): ToolOutcome {
  return { success: false, error, receipt: { ...receipt, outcome: error.code }, logs: [] };
}
