import { Actor } from '../../../domain/auth/actor';
import { TokenUsage } from '../../../domain/llm/chat-message';
import { LlmCallBudget } from '../../../domain/llm/llm-call-budget';
import { RunTrace } from '../../../domain/run/run-trace';
import { TemplateScope } from '../../../domain/workflow/template';
import { ToolLogLine } from '../../../domain/tool/tool-outcome';
import { WorkflowNode } from '../../../domain/workflow/workflow-graph';
import { JsonObject, JsonValue } from '../../../shared/json';

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
}

export interface NodeRunResult {
  output: JsonValue;
  /** Branching nodes (condition, classifier): the label of the edges to take. */
  branch?: string;
  tokenUsage?: TokenUsage;
  /** A failure the node recorded without failing the run (a tool with `continue_on_error`). */
  error?: { code: string; message: string };
  /** What the node's code logged (a code node), for the step's record. */
  logs?: ToolLogLine[];
}

/** Runs one type of node. A node fails by throwing; a `DomainError`'s code and message are recorded. */
export interface NodeExecutor {
  run(context: NodeRunContext): Promise<NodeRunResult>;
}
