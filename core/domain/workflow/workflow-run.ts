import { TokenUsage } from '../llm/chat-message';
import { JsonValue } from '../../shared/json';
import { GraphRunState, ParkedNode } from './graph-run-state';
import { WorkflowNodeType } from './workflow-graph';

export type WorkflowStepStatus = 'completed' | 'failed' | 'skipped';

/** A type alias, not an interface, so steps stay assignable to JsonValue. */
export type WorkflowRunError = {
  code: string;
  message: string;
};

/**
 * What one node did, in the run's order; a plain JSON record (snake_case) so it is stored and
 * shown as is. Skipped nodes have no times. A completed step may carry an error: a tool node
 * with `continue_on_error` that failed.
 */
export type WorkflowStep = {
  node_id: string;
  type: WorkflowNodeType;
  label: string | null;
  status: WorkflowStepStatus;
  output: JsonValue;
  error: WorkflowRunError | null;
  /** ISO 8601. */
  started_at: string | null;
  finished_at: string | null;
  duration_ms: number;
};

export interface WorkflowRunResult {
  /** False when a node failed, the run was cancelled, stopped or parked. */
  success: boolean;
  /** The output of the end node that ran (the last one, when several did), else null. */
  output: JsonValue;
  /** One per node, in the order they were settled. */
  steps: WorkflowStep[];
  tokenUsage: TokenUsage;
  /** Budget calls this run spent, retries included. */
  llmCalls: number;
  /** The first failing node's error. */
  error?: WorkflowRunError;
  /** Everything needed to continue the run (stored by executions after every node). */
  state: GraphRunState;
  /** The caller's checkpoint said stop: the nodes not settled run on resume. */
  stopped: boolean;
  /** The node the run waits at for a person, if it parked. */
  parked: ParkedNode | null;
}
