import { WorkflowVersion } from '../domain/workflow/workflow-version';
import { token } from '../shared/token';

/** The versions of workflows, an append-only history: a version is never changed once added. */
export interface WorkflowVersionRepository {
  /** Adds one version; joins the caller's transaction. */
  add(version: WorkflowVersion): Promise<void>;
  find(workflowId: string, version: number): Promise<WorkflowVersion | undefined>;
  /** Newest first. */
  list(workflowId: string, offset: number, limit: number): Promise<{ items: WorkflowVersion[]; total: number }>;
}

export const WORKFLOW_VERSION_REPOSITORY = token<WorkflowVersionRepository>('WorkflowVersionRepository');
