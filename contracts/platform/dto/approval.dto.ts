/** An execution parked at a workflow's `approval` or `human_input` node, waiting for its owner (docs/workflows.md, "Parking"). */
export interface ApprovalResponse {
  id: string;
  execution_id: string;
  node_id: string;
  kind: 'approval' | 'human_input';
  /** The node's rendered prompt. */
  prompt: string;
  /** human_input: the JSON Schema the submitted `input` must match; null when any input goes. */
  input_schema: unknown;
  status: 'pending' | 'decided';
  decision: 'approved' | 'rejected' | 'submitted' | null;
  comment: string;
  /** human_input: what was submitted. */
  input: unknown;
  created_at: string;
  decided_at: string | null;
}

export interface ApprovalPageResponse {
  items: ApprovalResponse[];
  total: number;
  page: number;
  page_size: number;
}

/** `POST /approval/{approval_id}/decision`. */
export interface ApprovalDecisionRequest {
  /** `approve` or `reject` for an approval node; `submit` for a human_input node. */
  decision: 'approve' | 'reject' | 'submit';
  /** At most 2,000 characters. */
  comment?: string;
  /** human_input only: the input, checked against the node's `input_schema`. */
  input?: unknown;
}
