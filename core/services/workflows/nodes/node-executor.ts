import { Actor } from '../../../domain/auth/actor';
import { TokenUsage } from '../../../domain/llm/chat-message';
import { LlmCallBudget } from '../../../domain/llm/llm-call-budget';
import { RunTrace } from '../../../domain/run/run-trace';
import { ParkKind } from '../../../domain/workflow/graph-run-state';
import { TemplateScope } from '../../../domain/workflow/template';
import { ToolLogLine } from '../../../domain/tool/tool-outcome';
import { WorkflowGraph, WorkflowNode } from '../../../domain/workflow/workflow-graph';
import { WorkflowRunError } from '../../../domain/workflow/workflow-run';
import { JsonObject, JsonValue } from '../../../shared/json';

/** A person's answer to a parked node (approval, human_input), handed to it when the run resumes. */
export interface NodeDecision {
  decision: 'approved' | 'rejected' | 'submitted';
  comment: string;
  input: JsonValue;
}

/** How a nested graph (a loop round, an iteration item, a sub-workflow) ended. */
export interface NestedRunResult {
  success: boolean;
  output: JsonValue;
  tokenUsage: TokenUsage;
  error?: WorkflowRunError;
}

export interface NestedRunOptions {
  /** `body`: the graph sees the outer run's node outputs; `workflow`: a separate workflow with its own scope, one level deeper. */
  kind: 'body' | 'workflow';
}

/** What the engine lends a node that runs other graphs or works in rounds (control nodes). */
export interface NodeRunControl {
  /** How many sub-workflows deep this run is (0 at the top). */
  depth: number;
  /** The node's stored progress from an earlier attempt of the run (loop rounds, iteration items), if any. */
  progress: JsonValue | undefined;
  /** Stores the node's progress with the run's state; false when the run must stop here (paused, cancelled). */
  saveProgress(progress: JsonValue): Promise<boolean>;
  /** Runs a nested graph in this run (same budget, signal and actor); never parks. */
  runGraph(graph: WorkflowGraph, input: JsonValue, options: NestedRunOptions): Promise<NestedRunResult>;
  /** The outputs of the predecessors whose edges were taken, by node id (what a merge joins). */
  incomingOutputs: JsonObject;
  /** The labels of the edges leaving the node. */
  outgoingBranches: ReadonlyArray<string>;
  /** The answer to this node, when it parked and the run resumes with one. */
  decision?: NodeDecision;
}

/** What a node sees while it runs. */
export interface NodeRunContext {
  actor: Actor;
  node: WorkflowNode;
  /** The node's config; validated with the graph, so the fields its type needs are there. */
  config: JsonObject;
  scope: TemplateScope;
  /** The run's budget: every LLM call of every node, agent and tool counts against it. */
  budget: LlmCallBudget;
  /** The run this node serves (owner, and the execution or agent when there is one). */
  trace: RunTrace;
  signal?: AbortSignal;
  /** Set by the engine; control nodes need it, leaf nodes may ignore it. */
  control?: NodeRunControl;
}

/** A node asking the run to wait for a person. */
export interface ParkRequest {
  kind: ParkKind;
  prompt: string;
  inputSchema: JsonObject | null;
}

export interface NodeRunResult {
  output: JsonValue;
  /** Branching nodes (condition, classifier, approval): the label of the edges to take. */
  branch?: string;
  tokenUsage?: TokenUsage;
  /** A failure the node recorded without failing the run (a tool with `continue_on_error`). */
  error?: { code: string; message: string };
  /** What the node's code logged (a code node), for the step's record. */
  logs?: ToolLogLine[];
  /** The node waits for a person: the run parks here and the node runs again, with the decision, on resume. */
  park?: ParkRequest;
}

/** Runs one type of node. A node fails by throwing; a `DomainError`'s code and message are recorded. */
export interface NodeExecutor {
  run(context: NodeRunContext): Promise<NodeRunResult>;
}
