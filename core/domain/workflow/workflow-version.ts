import { WorkflowGraph } from './workflow-graph';
import { Workflow } from './workflow.entity';

/** What one version of a workflow held: creation is version 1, every update and rollback adds one. */
export interface WorkflowVersion {
  workflowId: string;
  version: number;
  name: string;
  description: string;
  graph: WorkflowGraph;
  /** When this version was written. */
  createdAt: Date;
}

export function versionOf(workflow: Workflow): WorkflowVersion {
  return {
    workflowId: workflow.id,
    version: workflow.version,
    name: workflow.name,
    description: workflow.description,
    graph: workflow.graph,
    createdAt: workflow.updatedAt,
  };
}
