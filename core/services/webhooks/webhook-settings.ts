import { token } from '../../shared/token';

export interface WebhookSettings {
  /** `WEBHOOK_AUTH_TOKEN`; unset, webhooks are off (fail closed). */
  token: string | undefined;
  /** UTF-8 bytes of the JSON a workflow receives (`{body, headers, query}`). */
  maxBodyBytes: number;
  /** How long a delivery's `Idempotency-Key` is remembered. */
  idempotencyTtlMs: number;
}

export const WEBHOOK_SETTINGS = token<WebhookSettings>('WebhookSettings');
