import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { TemplateScope } from '../../domain/workflow/template';
import { CLOCK, Clock } from '../../ports/clock.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { RateLimitedError, ValidationError } from '../../shared/common.errors';
import { DomainError, FieldIssue } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { PerMinuteAllowance } from '../quotas/per-minute-allowance.service';
import { TOOLS_SETTINGS, ToolsSettings } from '../tools/tools-settings';
import { NodeConfigChecker } from './node-config-checker.service';
import { WORKFLOW_SETTINGS, WorkflowSettings } from './workflow-settings';

/** What the node sees, as if it ran inside a workflow. */
export interface SingleNodeInputs {
  /** `{{input}}`: the run's input. */
  input?: JsonValue;
  /** `{{nodes.<id>.output}}`: outputs of upstream nodes, by node id. */
  nodes?: Record<string, JsonValue>;
  /** `{{last}}`: the predecessor's output; the input when absent (as right after `start`). */
  last?: JsonValue;
}

export interface SingleNodeRequest {
  type: string;
  config?: JsonValue;
  inputs?: SingleNodeInputs;
}

export interface SingleNodeResult {
  status: 'completed' | 'failed';
  output: JsonValue;
  /** The branch a condition or classifier took; null for other nodes. */
  branch: string | null;
  error: { code: string; message: string } | null;
  durationMs: number;
}

/** The id the debugged node runs under (tool receipts and logs name it). */
export const DEBUG_NODE_ID = 'debug';
const NODE_ID = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_UPSTREAM_NODES = 200;
const UNEXPECTED = { code: 'workflow.node_error', message: 'The node failed unexpectedly' };

/**
 * Runs one node on its own, for debugging (`POST /nodes/run`): its config checked first, then
 * run as the caller with a scope built from the given inputs and a run's LLM budget. It can run
 * models, tools and agents, so each call is spent from a per-user allowance first, the same
 * number a minute as the tool tests (SECURITY.md: every "test" endpoint executes something).
 * A node's failure is a result, not an error.
 */
@injectable()
export class SingleNodeRunner {
  constructor(
    @inject(NodeConfigChecker) private readonly checker: Pick<NodeConfigChecker, 'check'>,
    @inject(PerMinuteAllowance) private readonly allowance: Pick<PerMinuteAllowance, 'spend'>,
    @inject(TOOLS_SETTINGS) private readonly tools: Pick<ToolsSettings, 'testRatePerMinute'>,
    @inject(WORKFLOW_SETTINGS) private readonly settings: WorkflowSettings,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  async run(actor: Actor, request: SingleNodeRequest): Promise<SingleNodeResult> {
    const limit = this.tools.testRatePerMinute;
    const retryAfter = await this.allowance.spend(`nodes-run:${actor.userId}`, limit);
    if (retryAfter !== null) throw new RateLimitedError(`At most ${limit} node runs per minute; try again later`, retryAfter);
    const checked = this.checker.check(request.type, request.config ?? {}, { type: 'type', config: 'config' });
    const issues = [...(checked.ok ? [] : checked.error), ...inputIssues(request.inputs)];
    if (!checked.ok || issues.length > 0) throw new ValidationError('Invalid node run', issues);
    const { nodeType, config } = checked.value;
    const startedAt = this.clock.now();
    const elapsed = () => Math.max(0, this.clock.now().getTime() - startedAt.getTime());
    try {
      const result = await nodeType.run({
        actor,
        node: { id: DEBUG_NODE_ID, type: nodeType.type, config },
        config,
        scope: scopeOf(request.inputs ?? {}),
        budget: new LlmCallBudget(this.settings.maxLlmCallsPerRun),
        trace: { ownerId: actor.userId },
      });
      return { status: 'completed', output: result.output, branch: result.branch ?? null, error: result.error ?? null, durationMs: elapsed() };
    } catch (thrown) {
      if (!(thrown instanceof DomainError)) this.logger.error({ nodeType: nodeType.type, err: thrown }, 'debugged node failed unexpectedly');
      const error = thrown instanceof DomainError ? { code: thrown.code, message: thrown.message } : UNEXPECTED;
      return { status: 'failed', output: null, branch: null, error, durationMs: elapsed() };
    }
  }
}

function inputIssues(inputs: SingleNodeInputs | undefined): FieldIssue[] {
  const ids = Object.keys(inputs?.nodes ?? {});
  if (ids.length > MAX_UPSTREAM_NODES) return [{ field: 'inputs.nodes', message: `must name at most ${MAX_UPSTREAM_NODES} nodes` }];
  return ids
    .filter((id) => !NODE_ID.test(id))
    .map((id) => ({ field: `inputs.nodes.${id}`, message: 'must be named by a node id: 1 to 64 letters, digits, "_" or "-"' }));
}

function scopeOf(inputs: SingleNodeInputs): TemplateScope {
  const input = inputs.input ?? null;
  return { input, outputs: new Map(Object.entries(inputs.nodes ?? {})), last: inputs.last === undefined ? input : inputs.last };
}
