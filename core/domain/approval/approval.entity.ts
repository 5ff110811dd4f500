import { JsonObject, JsonValue } from '../../shared/json';
import { ParkKind } from '../workflow/graph-run-state';

export type ApprovalStatus = 'pending' | 'decided';
/** approval: approved | rejected; human_input: submitted. */
export type ApprovalDecision = 'approved' | 'rejected' | 'submitted';

/**
 * A workflow execution parked at an `approval` or `human_input` node, waiting for its owner
 * (docs/workflows.md, "Parking"). One per execution and node.
 */
export interface Approval {
  /** UUID. */
  id: string;
  executionId: string;
  nodeId: string;
  /** The execution's owner: the one person who may decide. */
  ownerId: string;
  kind: ParkKind;
  /** The node's rendered prompt. */
  prompt: string;
  /** human_input: the JSON Schema the input must match; null when any input goes. */
  inputSchema: JsonObject | null;
  status: ApprovalStatus;
  decision: ApprovalDecision | null;
  comment: string;
  /** human_input: what was submitted; null otherwise. */
  input: JsonValue;
  createdAt: Date;
  decidedAt: Date | null;
}
