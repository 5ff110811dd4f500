/** Caps of a workflow's own fields (the graph's caps are in workflow-graph.rules.ts). */
export const WORKFLOW_LIMITS = {
  nameChars: 200,
  descriptionChars: 2_000,
  searchChars: 200,
} as const;
