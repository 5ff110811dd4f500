import { WorkflowNodeType } from '../workflow/workflow-graph';
import { JsonObject } from '../../shared/json';

/** A user's saved configuration of one node type, to drop into workflows again and again. */
export interface NodeTemplate {
  id: string;
  ownerId: string;
  name: string;
  /** Empty when there is none. */
  description: string;
  nodeType: WorkflowNodeType;
  /** Valid against the node type's `configSchema` when it was saved. */
  config: JsonObject;
  createdAt: Date;
  updatedAt: Date;
}
