/**
 * One problem of a workflow as `/workflows/validate` and every save report it: the node it is
 * about (null for graph-wide problems and edges), the field under the workflow body
 * (`nodes[2].config.prompt`, `edges[0].target`) and what is wrong.
 */
export type WorkflowIssue = {
  node_id: string | null;
  field: string;
  message: string;
};
