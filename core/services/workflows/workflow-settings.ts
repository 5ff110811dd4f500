import { token } from '../../shared/token';

export interface WorkflowSettings {
  /** LLM calls (retries included, behaviour rule 3) a run may make when the caller gives it no budget. */
  maxLlmCallsPerRun: number;
  /** Nodes of one run running at once (parallel branches, a fan-out). */
  maxParallelNodes: number;
  /** Sub-workflows nested in one another, at most. */
  maxSubWorkflowDepth: number;
  /** Characters of a run's stored state (every node's whole output): past it the run fails with `workflow.state_too_large`. */
  maxRunStateChars: number;
}

export const DEFAULT_WORKFLOW_SETTINGS: WorkflowSettings = {
  maxLlmCallsPerRun: 50,
  maxParallelNodes: 4,
  maxSubWorkflowDepth: 3,
  maxRunStateChars: 4_000_000,
};

export const WORKFLOW_SETTINGS = token<WorkflowSettings>('WorkflowSettings');
