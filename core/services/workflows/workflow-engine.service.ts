import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { clipJson, stepOutputChars } from '../../domain/execution/recorded-json';
import { addUsage, TokenUsage, ZERO_USAGE } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { WorkflowGraph, WorkflowNode, WorkflowNodeType } from '../../domain/workflow/workflow-graph';
import { validateWorkflowGraph } from '../../domain/workflow/workflow-graph.rules';
import { WorkflowRunError, WorkflowRunResult, WorkflowStep } from '../../domain/workflow/workflow-run';
import { InvalidWorkflowError } from '../../domain/workflow/workflow.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { LLM_PROVIDER, LlmProvider } from '../../ports/llm-provider.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { DomainError } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { AgentCaller } from '../agents/agent-caller.service';
import { ToolRunner } from '../tools/tool-runner.service';
import { GraphRun } from './graph-run';
import { AgentNode } from './nodes/agent-node';
import { conditionNode } from './nodes/condition-node';
import { endNode } from './nodes/end-node';
import { LlmNode } from './nodes/llm-node';
import { NodeExecutor, NodeRunResult } from './nodes/node-executor';
import { NodeFailure } from './nodes/node-failure';
import { startNode } from './nodes/start-node';
import { templateNode } from './nodes/template-node';
import { ToolNode } from './nodes/tool-node';
import { WORKFLOW_SETTINGS, WorkflowSettings } from './workflow-settings';

export interface WorkflowRunOptions {
  /** A caller's budget is shared (a workflow run from an agent's tool); else the run gets its own. */
  budget?: LlmCallBudget;
  /** Aborting fails the node in progress and skips the rest. */
  signal?: AbortSignal;
  /** The execution this run belongs to: runs its tools start record it as their parent. */
  executionId?: string;
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
  private readonly executors: Record<WorkflowNodeType, NodeExecutor>;

  constructor(
    @inject(LLM_PROVIDER) llm: LlmProvider,
    @inject(AgentCaller) agents: Pick<AgentCaller, 'call'>,
    @inject(ToolRunner) tools: Pick<ToolRunner, 'use'>,
    @inject(WORKFLOW_SETTINGS) private readonly settings: WorkflowSettings,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(LOGGER) private readonly logger: Logger,
  ) {
    this.executors = {
      start: startNode,
      end: endNode,
      template: templateNode,
      condition: conditionNode,
      llm: new LlmNode(llm),
      agent: new AgentNode(agents),
      tool: new ToolNode(tools),
    };
  }

  /** Throws `InvalidWorkflowError` for a graph that breaks the rules; node failures are in the result. */
  async run(actor: Actor, graph: WorkflowGraph, input: JsonValue, options: WorkflowRunOptions = {}): Promise<WorkflowRunResult> {
    const issues = validateWorkflowGraph(graph);
    if (issues.length > 0) throw new InvalidWorkflowError(issues);
    const budget = options.budget ?? new LlmCallBudget(this.settings.maxLlmCallsPerRun);
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
      const outcome = await this.runNode(actor, node, run, budget, options);
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

  private async runNode(actor: Actor, node: WorkflowNode, run: GraphRun, budget: LlmCallBudget, options: WorkflowRunOptions): Promise<NodeOutcome> {
    const startedAt = this.clock.now();
    const { signal, executionId } = options;
    let result: NodeRunResult;
    try {
      const context = { actor, node, config: node.config ?? {}, scope: run.scopeFor(node), budget, signal, executionId };
      result = await this.executors[node.type].run(context);
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
