import { DomainError, FieldIssue } from '../../shared/domain-error';

/**
 * No `WEBHOOK_AUTH_TOKEN` is configured, so webhooks are off (fail closed). Reported as a missing
 * route rather than 503: senders retry a 5xx for hours, a 404 tells them to stop.
 */
export class WebhooksDisabledError extends DomainError {
  readonly code = 'webhook.not_found';
  constructor() {
    super('Webhooks are not enabled on this server');
  }
}

/** The token is missing, wrong, or sent somewhere else than the `X-Webhook-Token` header. */
export class WebhookUnauthorizedError extends DomainError {
  readonly code = 'webhook.unauthorized';
}

/** What the workflow would receive is larger than `WEBHOOK_MAX_BODY_BYTES`. */
export class WebhookPayloadTooLargeError extends DomainError {
  readonly code = 'webhook.too_large';
  constructor(limit: number) {
    super(`The webhook delivery is too large: the workflow receives at most ${limit} bytes of JSON (body, headers and query together)`);
  }
}

export class WebhookValidationError extends DomainError {
  readonly code = 'webhook.validation';
  constructor(message: string, details: FieldIssue[]) {
    super(message, details);
  }
}

/** An earlier delivery with the same `Idempotency-Key` is still being accepted; retrying shortly answers its execution. */
export class WebhookDeliveryInProgressError extends DomainError {
  readonly code = 'webhook.conflict';
  constructor() {
    super('A delivery with this Idempotency-Key is still being accepted; retry shortly');
  }
}
