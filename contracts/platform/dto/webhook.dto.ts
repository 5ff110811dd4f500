import { ExecutionStatusName } from './execution.dto';

/** 202 to a webhook delivery: the execution it queued (or, for a retried `Idempotency-Key`, the one the first delivery queued). */
export interface WebhookAcceptedResponse {
  execution_id: string;
  workflow_id: string;
  /** `pending` when just queued; a replay shows the execution's status now. */
  status: ExecutionStatusName;
  trigger: 'webhook';
  /** True when an earlier delivery with the same `Idempotency-Key` started this execution: nothing new ran. */
  replayed: boolean;
  /** ISO 8601 UTC. */
  created_at: string;
}
