import { WorkflowGraph } from './workflow-graph';

/** A stored workflow; `version` is 1 on create and grows by one on every update. */
export interface Workflow {
  /** UUID. */
  id: string;
  ownerId: string;
  name: string;
  description: string;
  graph: WorkflowGraph;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}
