import { inject, injectable } from 'inversify';
import { Actor } from '../../domain/auth/actor';
import { stepOutputChars } from '../../domain/execution/recorded-json';
import { TokenUsage } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { RunTrace } from '../../domain/run/run-trace';
import { GraphRunState } from '../../domain/workflow/graph-run-state';
import { WorkflowGraph, WorkflowNode } from '../../domain/workflow/workflow-graph';
import { WorkflowRunResult, WorkflowStep } from '../../domain/workflow/workflow-run';
import { InvalidWorkflowError } from '../../domain/workflow/workflow.errors';
import { CLOCK, Clock } from '../../ports/clock.port';
import { LOGGER, Logger } from '../../ports/logger.port';
import { TIMERS, Timers } from '../../ports/timers.port';
import { JsonValue } from '../../shared/json';
import { GraphExecution, GraphExecutionSetup } from './graph-execution';
import { GraphRun } from './graph-run';
import { NodeTypes } from './node-types.service';
import { NestedRunOptions, NestedRunResult, NodeDecision } from './nodes/node-executor';
import { NodeFailure } from './nodes/node-failure';
import { WorkflowValidator } from './workflow-validator.service';
import { WORKFLOW_SETTINGS, WorkflowSettings } from './workflow-settings';

export { WORKFLOW_RUN_ERRORS } from './workflow-run-errors';

/** What a resumed run continues from: its stored state and the steps it recorded. */
export interface WorkflowResume {
  state: GraphRunState;
  steps: WorkflowStep[];
}

/** Where a run can be observed and stored as it goes. */
export interface WorkflowProgress {
  steps: ReadonlyArray<WorkflowStep>;
  tokenUsage: TokenUsage;
  state: GraphRunState;
}

export interface WorkflowRunOptions {
  /** The run this one serves (an execution, an agent), kept with each tool node's receipt. */
  trace?: RunTrace;
  /** A caller's budget is shared (a workflow run from an agent's tool); else the run gets its own. */
  budget?: LlmCallBudget;
  /** Aborting fails the node in progress and skips the rest. */
  signal?: AbortSignal;
  /** Continue a stored run: its settled nodes are not run again. */
  resume?: WorkflowResume;
  /** The answer to the node the resumed run is parked at. */
  decision?: NodeDecision & { nodeId: string };
  /** Whether an approval or human_input node may park the run (an execution can; a bare call cannot). */
  mayPark?: boolean;
  /**
   * Called after each node that ran (the end node aside) and each round a loop or iteration
   * finished, with the progress so far: a node boundary, where the caller stores it. False stops
   * the run there (`stopped` in the result); what it throws ends the run and is thrown.
   */
  onCheckpoint?: (progress: WorkflowProgress) => Promise<boolean>;
  /** Called as each attempt of a node starts. */
  onNodeStart?: (node: WorkflowNode, attempt: number) => Promise<void>;
}

const CANNOT_NEST = { code: 'workflow.too_deep', message: 'Sub-workflows are nested too deep' };

/**
 * Runs a workflow graph (docs/workflows.md, "The run"). A node starts once all its predecessors
 * are settled and at least one incoming edge was taken; otherwise it is skipped (an untaken branch,
 * a skipped predecessor). Independent nodes run at once, at most `maxParallelNodes`. The first
 * failing node fails the run and every node not started is skipped. One LLM budget covers the
 * whole run, nested loops, iterations and sub-workflows included.
 */
@injectable()
export class WorkflowEngine {
  constructor(
    @inject(NodeTypes) private readonly nodeTypes: Pick<NodeTypes, 'get'>,
    @inject(WorkflowValidator) private readonly validator: Pick<WorkflowValidator, 'validate'>,
    @inject(WORKFLOW_SETTINGS) private readonly settings: WorkflowSettings,
    @inject(CLOCK) private readonly clock: Clock,
    @inject(TIMERS) private readonly timers: Timers,
    @inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Throws `InvalidWorkflowError` with WorkflowValidator's issues for a graph that breaks the rules; node failures are in the result. */
  async run(actor: Actor, graph: WorkflowGraph, input: JsonValue, options: WorkflowRunOptions = {}): Promise<WorkflowRunResult> {
    this.assertValid(graph);
    const budget = options.budget ?? new LlmCallBudget(this.settings.maxLlmCallsPerRun);
    const trace: RunTrace = { ...options.trace, ownerId: options.trace?.ownerId ?? actor.userId };
    const callsBefore = budget.calls;
    const { onCheckpoint } = options;
    const execution = this.execution({
      actor,
      run: new GraphRun(graph, input, options.resume?.state),
      budget,
      trace,
      signal: options.signal,
      depth: 0,
      stepOutputChars: stepOutputChars(graph.nodes.length),
      earlierSteps: options.resume?.steps ?? [],
      decision: options.decision,
      mayPark: options.mayPark ?? false,
      checkpoint: onCheckpoint && ((current) => onCheckpoint({ steps: current.steps, tokenUsage: current.tokenUsage, state: current.run.snapshot() })),
      nodeStarted: options.onNodeStart,
    });
    await execution.execute();
    const { steps, tokenUsage, output, failure } = execution;
    const result = { output, steps, tokenUsage, llmCalls: budget.calls - callsBefore, state: execution.run.snapshot() };
    if (failure) return { ...result, success: false, error: failure, stopped: false, parked: null };
    return { ...result, success: !execution.stopped && !execution.parked, stopped: execution.stopped, parked: execution.parked ?? null };
  }

  private assertValid(graph: WorkflowGraph): void {
    const issues = this.validator.validate(graph);
    if (issues.length > 0) throw new InvalidWorkflowError(issues.map(({ field, message }) => ({ field, message })));
  }

  private execution(setup: Omit<GraphExecutionSetup, 'maxParallelNodes' | 'runGraph'>): GraphExecution {
    return new GraphExecution(
      { nodeTypes: this.nodeTypes, clock: this.clock, logger: this.logger, timers: this.timers },
      { ...setup, maxParallelNodes: this.settings.maxParallelNodes, runGraph: (...args) => this.runNested(setup, ...args) },
    );
  }

  /** A loop round, an iteration item or a sub-workflow: run whole inside the node that asked, never stored on its own. */
  private async runNested(
    parent: Omit<GraphExecutionSetup, 'maxParallelNodes' | 'runGraph'>,
    graph: WorkflowGraph,
    input: JsonValue,
    options: NestedRunOptions,
    outer: ReadonlyMap<string, JsonValue>,
    depth: number,
  ): Promise<NestedRunResult> {
    const nestedDepth = options.kind === 'workflow' ? depth + 1 : depth;
    if (nestedDepth > this.settings.maxSubWorkflowDepth) throw new NodeFailure(CANNOT_NEST.code, CANNOT_NEST.message);
    if (options.kind === 'workflow') this.assertValid(graph);
    const nested = this.execution({
      actor: parent.actor,
      run: new GraphRun(graph, input, undefined, options.kind === 'body' ? outer : new Map()),
      budget: parent.budget,
      trace: parent.trace,
      signal: parent.signal,
      depth: nestedDepth,
      stepOutputChars: stepOutputChars(graph.nodes.length),
      earlierSteps: [],
      mayPark: false,
    });
    await nested.execute();
    const { output, tokenUsage, failure } = nested;
    return failure ? { success: false, output, tokenUsage, error: failure } : { success: true, output, tokenUsage };
  }
}
