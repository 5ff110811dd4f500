import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { clipJson, stepOutputChars } from '../../domain/execution/recorded-json';
import { addUsage, TokenUsage, ZERO_USAGE } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { RunTrace } from '../../domain/run/run-trace';
import { WorkflowGraph, WorkflowNode } from '../../domain/workflow/workflow-graph';
import { validateWorkflowGraph } from '../../domain/workflow/workflow-graph.rules';
import { WorkflowRunError, WorkflowRunResult, WorkflowStep } from '../../domain/workflow/workflow-run';
import { InvalidWorkflowError } from '../../domain/workflow/workflow.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { DomainError } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { GraphRun } from './graph-run';
import { NodeTypes } from './node-types.service';
import { NodeRunContext, NodeRunResult } from './nodes/node-executor';
import { NodeFailure } from './nodes/node-failure';
import { WORKFLOW_SETTINGS, WorkflowSettings } from './workflow-settings';

export interface WorkflowRunOptions {
  /** The run this one serves (an execution, an agent), kept with each tool node's receipt. */
  trace?: RunTrace;
  /** A caller's budget is shared (a workflow run from an agent's tool); else the run gets its own. */
  budget?: LlmCallBudget;
  /** Aborting fails the node in progress and skips the rest. */
  signal?: AbortSignal;
  /**
   * Called after each node that ran (the end node aside) with the steps and tokens so far: a
   * step boundary where the caller may store progress. What it throws ends the run and is thrown.
   */
  onStep?: (steps: ReadonlyArray<WorkflowStep>, tokenUsage: TokenUsage) => Promise<void>;
}

export const WORKFLOW_RUN_ERRORS = {
  cancelled: { code: 'workflow.cancelled', message: 'The run was cancelled' },
  /** An unexpected error in a node: logged, never shown. */
  nodeError: { code: 'workflow.node_error', message: 'The node failed unexpectedly' },
} as const;

/** What every node of one run shares. */
type SharedNodeContext = Pick<NodeRunContext, 'budget' | 'trace' | 'signal'>;

interface NodeOutcome {
  step: WorkflowStep;
  tokenUsage?: TokenUsage;
  error?: WorkflowRunError;
}

/**
 * Runs a workflow graph one node at a time in topological order. A node runs once all its
 * predecessors are settled and at least one incoming edge was taken; otherwise it is skipped
 * (an untaken condition branch, a skipped predecessor). The first failing node fails the run
 * and every node after it is skipped. One LLM budget covers the whole run.
 */
@injectable()
export class WorkflowEngine {
  constructor(
    @inject(NodeTypes) private readonly nodeTypes: Pick<NodeTypes, 'get'>,
    @inject(WORKFLOW_SETTINGS) private readonly settings: WorkflowSettings,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Throws `InvalidWorkflowError` for a graph that breaks the rules; node failures are in the result. */
  async run(actor: Actor, graph: WorkflowGraph, input: JsonValue, options: WorkflowRunOptions = {}): Promise<WorkflowRunResult> {
    const issues = validateWorkflowGraph(graph);
    if (issues.length > 0) throw new InvalidWorkflowError(issues);
    const budget = options.budget ?? new LlmCallBudget(this.settings.maxLlmCallsPerRun);
    const trace: RunTrace = { ...options.trace, ownerId: options.trace?.ownerId ?? actor.userId };
    const callsBefore = budget.calls;
    const run = new GraphRun(graph, input);
    const outputCap = stepOutputChars(graph.nodes.length);
    const steps: WorkflowStep[] = [];
    let tokenUsage = ZERO_USAGE;
    let failure: WorkflowRunError | undefined;
    let output: JsonValue = null;

    for (const node of run.order) {
      if (!failure && options.signal?.aborted) failure = WORKFLOW_RUN_ERRORS.cancelled;
      if (failure || !run.isActivated(node)) {
        run.skip(node.id);
        steps.push(skippedStep(node));
        continue;
      }
      const outcome = await this.runNode(actor, node, run, { budget, trace, signal: options.signal });
      // The step is a log: it keeps a bounded copy; later nodes and the result see the whole output.
      steps.push({ ...outcome.step, output: clipJson(outcome.step.output, outputCap) });
      if (outcome.tokenUsage) tokenUsage = addUsage(tokenUsage, outcome.tokenUsage);
      if (outcome.step.status === 'failed') failure = outcome.error;
      else if (node.type === 'end') output = outcome.step.output;
      if (node.type !== 'end') await options.onStep?.(steps, tokenUsage);
    }
    const llmCalls = budget.calls - callsBefore;
    return failure ? { success: false, output, steps, tokenUsage, llmCalls, error: failure } : { success: true, output, steps, tokenUsage, llmCalls };
  }

  private async runNode(actor: Actor, node: WorkflowNode, run: GraphRun, shared: SharedNodeContext): Promise<NodeOutcome> {
    const { signal } = shared;
    const startedAt = this.clock.now();
    let result: NodeRunResult;
    try {
      const context = { actor, node, config: node.config ?? {}, scope: run.scopeFor(node), ...shared };
      result = await this.nodeTypes.get(node.type).run(context);
    } catch (thrown) {
      run.fail(node.id);
      const error = this.errorOf(thrown, node, signal);
      const tokenUsage = thrown instanceof NodeFailure ? thrown.tokenUsage : undefined;
      return { step: this.step(node, 'failed', null, error, startedAt), tokenUsage, error };
    }
    run.complete(node.id, result.output, result.branch);
    return { step: this.step(node, 'completed', result.output, result.error ?? null, startedAt), tokenUsage: result.tokenUsage };
  }

  private errorOf(thrown: unknown, node: WorkflowNode, signal?: AbortSignal): WorkflowRunError {
    if (signal?.aborted) return WORKFLOW_RUN_ERRORS.cancelled;
    if (thrown instanceof DomainError) return { code: thrown.code, message: thrown.message };
    this.logger.error({ nodeId: node.id, nodeType: node.type, err: thrown }, 'workflow node failed unexpectedly');
    return WORKFLOW_RUN_ERRORS.nodeError;
  }

  private step(node: WorkflowNode, status: 'completed' | 'failed', output: JsonValue, error: WorkflowRunError | null, startedAt: Date): WorkflowStep {
    const finishedAt = this.clock.now();
    return {
      node_id: node.id,
      type: node.type,
      label: node.label ?? null,
      status,
      output,
      error: error ? { code: error.code, message: error.message } : null,
      started_at: startedAt.toISOString(),
      finished_at: finishedAt.toISOString(),
      duration_ms: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
    };
  }
}

function skippedStep(node: WorkflowNode): WorkflowStep {
  return {
    node_id: node.id,
    type: node.type,
    label: node.label ?? null,
    status: 'skipped',
    output: null,
    error: null,
    started_at: null,
    finished_at: null,
    duration_ms: 0,
  };
}
