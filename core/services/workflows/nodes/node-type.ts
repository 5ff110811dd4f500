import { WorkflowNodeType } from '../../../domain/workflow/workflow-graph';
import { JsonSchema } from '../../../shared/json';
import { NodeExecutor } from './node-executor';

/** One kind of workflow node: how its config is shaped and how it runs. */
export interface NodeType extends NodeExecutor {
  readonly type: WorkflowNodeType;
  /** JSON Schema (draft-07) of the node's `config`, checked when a workflow is saved or validated. */
  readonly configSchema: JsonSchema;
}
