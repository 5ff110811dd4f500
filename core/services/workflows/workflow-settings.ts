import { token } from '../../shared/token';

export interface WorkflowSettings {
  /** LLM calls (retries included, behaviour rule 3) a run may make when the caller gives it no budget. */
  maxLlmCallsPerRun: number;
}

export const DEFAULT_WORKFLOW_SETTINGS: WorkflowSettings = {
  maxLlmCallsPerRun: 50,
};

export const WORKFLOW_SETTINGS = token<WorkflowSettings>('WorkflowSettings');
