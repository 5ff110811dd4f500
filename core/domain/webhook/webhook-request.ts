import { JsonValue } from '../../shared/json';
import { isSensitiveHeader } from '../tool/sensitive-headers';

export type HeaderValues = Record<string, string | string[]>;
export type QueryValues = Record<string, string | string[]>;

/** One delivery as the HTTP layer read it; nothing in it is trusted yet. */
export interface WebhookRequest {
  /** The `X-Webhook-Token` header. */
  token: string | undefined;
  authorization: string | undefined;
  headers: HeaderValues;
  query: QueryValues;
  /** The parsed body (JSON or form), or null when there was none. */
  body: JsonValue;
  /** The `Idempotency-Key` header. */
  idempotencyKey: string | undefined;
}

/** What the workflow receives (decisions.md): credentials never reach it. */
export interface WebhookInput {
  [field: string]: JsonValue;
  body: JsonValue;
  headers: HeaderValues;
  query: QueryValues;
}

/**
 * `authorization`, `proxy-authorization`, `cookie`, `x-webhook-token` and `x-api-key` are dropped,
 * and so is every header whose name looks like a credential (`*token*`, `*secret*`, `*session*`…).
 */
export function webhookInput(request: Pick<WebhookRequest, 'body' | 'headers' | 'query'>): WebhookInput {
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => !isSensitiveHeader(name)));
  return { body: request.body, headers, query: request.query };
}
