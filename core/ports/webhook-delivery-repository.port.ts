import { WebhookDelivery } from '../domain/webhook/webhook-delivery';
import { token } from '../shared/token';

/**
 * Deliveries remembered by `Idempotency-Key`, shared by every API process. Each method is one
 * atomic step in storage (a unique key, conditional updates), so racing processes agree.
 */
export interface WebhookDeliveryRepository {
  /** The delivery of this workflow with this key that has not expired at `now`. */
  find(workflowId: string, idempotencyKey: string, now: Date): Promise<WebhookDelivery | undefined>;
  /**
   * Stores the delivery unless one of the same workflow and key is stored and unexpired at
   * `now` (an expired one is replaced). True when this delivery is the one now stored.
   */
  claim(delivery: WebhookDelivery, now: Date): Promise<boolean>;
  /**
   * Replaces the stored delivery of the same workflow and key with this one, only while it
   * still names `staleExecutionId` (a claim whose execution never came to be). True when it did.
   */
  takeOver(staleExecutionId: string, delivery: WebhookDelivery): Promise<boolean>;
  /** Forgets the delivery of this workflow and key, only while it still names `executionId`. */
  release(workflowId: string, idempotencyKey: string, executionId: string): Promise<void>;
}

export const WEBHOOK_DELIVERY_REPOSITORY = token<WebhookDeliveryRepository>('WebhookDeliveryRepository');
