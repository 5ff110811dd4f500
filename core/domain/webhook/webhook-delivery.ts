import { FieldIssue } from '../../shared/domain-error';

/**
 * A delivery that carried an `Idempotency-Key`: the key, per workflow, names the one execution
 * it started until `expiresAt`, so a retried delivery runs nothing new.
 */
export interface WebhookDelivery {
  workflowId: string;
  idempotencyKey: string;
  executionId: string;
  createdAt: Date;
  expiresAt: Date;
}

export const IDEMPOTENCY_KEY_MAX_CHARS = 255;

/** Visible ASCII, as the IETF draft's examples and every major sender use (UUIDs, delivery ids). */
const KEY_SHAPE = /^[\x21-\x7e]+$/;

/** What is wrong with an `Idempotency-Key` header value, if anything. */
export function idempotencyKeyIssue(key: string): FieldIssue | undefined {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_CHARS || !KEY_SHAPE.test(key)) {
    return { field: 'Idempotency-Key', message: `must be 1 to ${IDEMPOTENCY_KEY_MAX_CHARS} visible ASCII characters` };
  }
  return undefined;
}
