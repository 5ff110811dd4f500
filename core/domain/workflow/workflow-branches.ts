import { WorkflowNodeType } from './workflow-graph';

/**
 * The labels the edges leaving a branching node may carry: a fixed list, or `any` when the node's
 * config names them (a classifier's classes). An unlabelled edge leaving an `approval` node
 * belongs to `approved`; a condition's edges must all be labelled.
 */
const BRANCH_LABELS: Partial<Record<WorkflowNodeType, ReadonlyArray<string> | 'any'>> = {
  condition: ['true', 'false'],
  approval: ['approved', 'rejected'],
};

export const BRANCHING_NODE_TYPES = Object.keys(BRANCH_LABELS) as WorkflowNodeType[];

/** Undefined for a node type whose edges carry no label. */
export function branchLabelsOf(type: WorkflowNodeType): ReadonlyArray<string> | 'any' | undefined {
  return BRANCH_LABELS[type];
}

/** The branch an unlabelled edge belongs to, for node types that have one (an approval's `approved`). */
export function defaultBranchOf(type: WorkflowNodeType | undefined): string | undefined {
  return type === 'approval' ? 'approved' : undefined;
}
