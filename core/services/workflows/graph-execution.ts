import { Actor } from '../../domain/auth/actor';
import { clipJson } from '../../domain/execution/recorded-json';
import { addUsage, TokenUsage, ZERO_USAGE } from '../../domain/llm/chat-message';
import { LlmCallBudget } from '../../domain/llm/llm-call-budget';
import { RunTrace } from '../../domain/run/run-trace';
import { ParkedNode } from '../../domain/workflow/graph-run-state';
import { nodeSettingsOf } from '../../domain/workflow/node-settings';
import { WorkflowGraph, WorkflowNode } from '../../domain/workflow/workflow-graph';
import { WorkflowRunError, WorkflowStep } from '../../domain/workflow/workflow-run';
import { Clock } from '../../ports/clock.port';
import { Logger } from '../../ports/logger.port';
import { Timers } from '../../ports/timers.port';
import { DomainError } from '../../shared/domain-error';
import { JsonValue } from '../../shared/json';
import { GraphRun } from './graph-run';
import { runAttempts } from './node-attempts';
import { NodeTypes } from './node-types.service';
import { NestedRunOptions, NestedRunResult, NodeDecision, NodeRunContext, NodeRunResult, ParkRequest } from './nodes/node-executor';
import { NodeFailure } from './nodes/node-failure';
import { WORKFLOW_RUN_ERRORS } from './workflow-run-errors';

/** What the engine lends every run. */
export interface GraphExecutionTools {
  nodeTypes: Pick<NodeTypes, 'get'>;
  clock: Clock;
  logger: Logger;
  timers: Timers;
}

export interface GraphExecutionSetup {
  actor: Actor;
  run: GraphRun;
  budget: LlmCallBudget;
  trace: RunTrace;
  signal?: AbortSignal;
  depth: number;
  /** Nodes running at once, at most. */
  maxParallelNodes: number;
  /** Characters of a node's output its step keeps. */
  stepOutputChars: number;
  /** Steps of an earlier attempt of this run, continued. */
  earlierSteps: WorkflowStep[];
  /** The answer to the parked node, when the run resumes with one. */
  decision?: NodeDecision & { nodeId: string };
  /** Top-level runs may park; nested ones (bodies, sub-workflows) may not. */
  mayPark: boolean;
  /** After each node that ran (the end node aside) and each saved progress; false stops the run there. */
  checkpoint?: (execution: GraphExecution) => Promise<boolean>;
  nodeStarted?: (node: WorkflowNode, attempt: number) => Promise<void>;
  runGraph: (
    graph: WorkflowGraph,
    input: JsonValue,
    options: NestedRunOptions,
    outer: ReadonlyMap<string, JsonValue>,
    depth: number,
  ) => Promise<NestedRunResult>;
}

const CANNOT_PARK = { code: 'workflow.cannot_park', message: 'An approval or human_input node cannot wait inside a loop, an iteration or a sub-workflow' };

/**
 * One run of a graph: starts every node whose predecessors have settled (at most
 * `maxParallelNodes` at once, so parallel branches overlap), skips nodes no taken edge reaches,
 * and stops starting nodes once one fails (the rest are skipped), a checkpoint says stop (the
 * nodes not yet settled run again on resume), or a node parks.
 */
export class GraphExecution {
  readonly steps: WorkflowStep[];
  tokenUsage: TokenUsage = ZERO_USAGE;
  output: JsonValue = null;
  failure: WorkflowRunError | undefined;
  stopped = false;
  parked: ParkedNode | undefined;
  private checkpoints: Promise<void> = Promise.resolve();

  constructor(
    private readonly tools: GraphExecutionTools,
    readonly setup: GraphExecutionSetup,
  ) {
    this.steps = [...setup.earlierSteps];
  }

  get run(): GraphRun {
    return this.setup.run;
  }

  async execute(): Promise<void> {
    const parked = this.run.parked;
    if (parked && this.setup.decision?.nodeId !== parked.node_id) {
      // Still waiting for its answer: nothing else runs.
      this.parked = parked;
      return;
    }
    this.run.park(null);
    const inFlight = new Map<string, Promise<void>>();
    for (;;) {
      if (!this.halted && this.setup.signal?.aborted) this.failure = WORKFLOW_RUN_ERRORS.cancelled;
      if (!this.halted) this.startReady(inFlight);
      if (inFlight.size === 0) break;
      await Promise.race(inFlight.values());
    }
    if (this.failure) this.skipUnsettled();
  }

  private get halted(): boolean {
    return this.failure !== undefined || this.stopped || this.parked !== undefined;
  }

  private startReady(inFlight: Map<string, Promise<void>>): void {
    for (const node of this.run.order) {
      if (this.run.settled(node.id) || inFlight.has(node.id)) continue;
      const readiness = this.run.readiness(node);
      if (readiness === 'skip') {
        this.run.skip(node.id);
        this.steps.push(skippedStep(node));
      } else if (readiness === 'run' && inFlight.size < this.setup.maxParallelNodes) {
        inFlight.set(
          node.id,
          this.runNode(node).finally(() => inFlight.delete(node.id)),
        );
      }
    }
  }

  private skipUnsettled(): void {
    for (const node of this.run.order) {
      if (this.run.settled(node.id)) continue;
      this.run.skip(node.id);
      this.steps.push(skippedStep(node));
    }
  }

  private async runNode(node: WorkflowNode): Promise<void> {
    const config = node.config ?? {};
    const settings = nodeSettingsOf(config);
    const startedAt = this.tools.clock.now();
    const context: NodeRunContext = {
      actor: this.setup.actor,
      node,
      config,
      scope: this.run.scopeFor(node),
      budget: this.setup.budget,
      trace: this.setup.trace,
      signal: this.setup.signal,
      control: {
        depth: this.setup.depth,
        progress: this.run.progressOf(node.id),
        saveProgress: (progress) => this.saveProgress(node.id, progress),
        runGraph: (graph, input, options) => this.setup.runGraph(graph, input, options, this.run.outputsView(), this.setup.depth),
        outgoingBranches: this.run.outgoingBranches(node.id),
        incomingOutputs: Object.fromEntries(this.run.takenOutputs(node.id)),
        decision: this.setup.decision?.nodeId === node.id ? this.setup.decision : undefined,
      },
    };
    const nodeType = this.tools.nodeTypes.get(node.type);
    const outcome = await runAttempts(
      nodeType,
      context,
      settings,
      this.tools.timers,
      (attempt) => this.setup.nodeStarted?.(node, attempt) ?? Promise.resolve(),
    );
    // Stopped while it ran (paused, taken over): it was not finished, so it runs again on resume.
    if (this.stopped) return;
    if (outcome.ok && outcome.result.park) {
      if (this.setup.mayPark) return this.parkAt(node, outcome.result.park);
      this.failed(node, new NodeFailure(CANNOT_PARK.code, CANNOT_PARK.message), outcome.attempts, false, startedAt);
    } else if (outcome.ok) {
      this.completed(node, outcome.result, outcome.attempts, startedAt);
    } else {
      this.failed(node, outcome.thrown, outcome.attempts, settings.continueOnError, startedAt);
    }
    if (node.type !== 'end') await this.checkpoint();
  }

  /** The node waits for a person: it stays unsettled, and runs again with the answer on resume. */
  private parkAt(node: WorkflowNode, request: ParkRequest): void {
    this.parked = { node_id: node.id, kind: request.kind, prompt: request.prompt, input_schema: request.inputSchema };
    this.run.park(this.parked);
  }

  private completed(node: WorkflowNode, result: NodeRunResult, attempts: number, startedAt: Date): void {
    if (result.tokenUsage) this.tokenUsage = addUsage(this.tokenUsage, result.tokenUsage);
    const error = result.error ? { code: result.error.code, message: result.error.message } : null;
    this.run.complete(node.id, result.output, result.branch, attempts, error);
    this.steps.push(this.step(node, 'completed', result.output, error, startedAt));
    if (node.type === 'end') this.output = result.output;
  }

  private failed(node: WorkflowNode, thrown: unknown, attempts: number, continueOnError: boolean, startedAt: Date): void {
    if (thrown instanceof NodeFailure && thrown.tokenUsage) this.tokenUsage = addUsage(this.tokenUsage, thrown.tokenUsage);
    const error = this.errorOf(thrown, node);
    if (continueOnError && !this.setup.signal?.aborted) {
      this.run.complete(node.id, null, undefined, attempts, error);
      this.steps.push(this.step(node, 'completed', null, error, startedAt));
      return;
    }
    this.run.fail(node.id, attempts, error);
    this.steps.push(this.step(node, 'failed', null, error, startedAt));
    this.failure ??= error;
  }

  private async saveProgress(nodeId: string, progress: JsonValue): Promise<boolean> {
    this.run.saveProgress(nodeId, progress);
    await this.checkpoint();
    return !this.stopped;
  }

  /** One checkpoint at a time, in the order asked: parallel nodes never store out of order. */
  private checkpoint(): Promise<void> {
    const hook = this.setup.checkpoint;
    if (!hook) return Promise.resolve();
    const next = this.checkpoints.then(async () => {
      if (!this.stopped && !(await hook(this))) this.stopped = true;
    });
    this.checkpoints = next.catch(() => undefined);
    return next;
  }

  private errorOf(thrown: unknown, node: WorkflowNode): WorkflowRunError {
    if (this.setup.signal?.aborted) return WORKFLOW_RUN_ERRORS.cancelled;
    if (thrown instanceof DomainError) return { code: thrown.code, message: thrown.message };
    this.tools.logger.error({ nodeId: node.id, nodeType: node.type, err: thrown }, 'workflow node failed unexpectedly');
    return WORKFLOW_RUN_ERRORS.nodeError;
  }

  private step(node: WorkflowNode, status: 'completed' | 'failed', output: JsonValue, error: WorkflowRunError | null, startedAt: Date): WorkflowStep {
    const finishedAt = this.tools.clock.now();
    return {
      node_id: node.id,
      type: node.type,
      label: node.label ?? null,
      status,
      // The step is a log: it keeps a bounded copy; later nodes and the result see the whole output.
      output: clipJson(output, this.setup.stepOutputChars),
      error,
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
