import { JsonObject } from '../../../shared/json';
import { WorkflowGraph } from '../workflow-graph';

/** A built-in starting point: a valid graph and what to send it. `POST /workflows/templates/{id}/create` copies it. */
export interface WorkflowTemplate {
  /** kebab-case, stable. */
  id: string;
  name: string;
  description: string;
  category: string;
  /** An input the graph expects, to show and to try it with. */
  inputExample: JsonObject;
  graph: WorkflowGraph;
}
