export const WORKFLOW_RUN_ERRORS = {
  cancelled: { code: 'workflow.cancelled', message: 'The run was cancelled' },
  /** An unexpected error in a node: logged, never shown. */
  nodeError: { code: 'workflow.node_error', message: 'The node failed unexpectedly' },
} as const;
