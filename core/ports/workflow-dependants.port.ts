import { token } from '../shared/token';

/**
 * Records that belong to a workflow or point at it (versions, schedules, executions, and whatever
 * a module adds later: webhook keys, approvals…). Deleting a workflow calls every binding of this
 * token inside the delete's transaction, before the workflow itself goes, so a dependant never
 * makes the delete fail. Add one by binding another implementation to `WORKFLOW_DEPENDANTS`.
 */
export interface WorkflowDependants {
  /** Removes what belongs to the workflow, or unbinds what only points at it. Joins the caller's transaction. */
  removeForWorkflow(workflowId: string): Promise<void>;
}

/** Bound once per kind of dependant; the workflow remover runs them all. */
export const WORKFLOW_DEPENDANTS = token<WorkflowDependants>('WorkflowDependants');
