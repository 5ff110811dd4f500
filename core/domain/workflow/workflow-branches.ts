import { WorkflowNodeType } from './workflow-graph';

/**
 * The labels the edges leaving a branching node may carry: a fixed list, or `any` when the node's
 * config names them (a classifier's classes, checked by the node type). An unlabelled edge leaving
 * an `approval` node belongs to `approved`; a condition's edges must all be labelled. Keyed by name
 * rather than by WorkflowNodeType so a type can be listed here before its executor exists.
 */
const BRANCH_LABELS: Readonly<Record<string, ReadonlyArray<string> | 'any'>> = {
  condition: ['true', 'false'],
  approval: ['approved', 'rejected'],
  classifier: 'any',
};

export const BRANCHING_NODE_TYPES = Object.keys(BRANCH_LABELS);

/** Undefined for a node type whose edges carry no label. */
export function branchLabelsOf(type: WorkflowNodeType): ReadonlyArray<string> | 'any' | undefined {
  return Object.prototype.hasOwnProperty.call(BRANCH_LABELS, type) ? BRANCH_LABELS[type] : undefined;
}

/** The branch an unlabelled edge belongs to, for node types that have one (an approval's `approved`). */
export function defaultBranchOf(type: WorkflowNodeType | undefined): string | undefined {
  return type === 'approval' ? 'approved' : undefined;
}
