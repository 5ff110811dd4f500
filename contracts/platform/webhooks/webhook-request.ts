import { Request } from 'express';
import { HeaderValues, QueryValues, WebhookRequest } from '../../../core/domain/webhook/webhook-request';
import { JsonValue } from '../../../core/shared/json';
import { BodyError } from '../../http/body-parsing';

/**
 * A webhook delivery as the core reads it. Values are copied into fresh objects with own
 * properties only (`Object.fromEntries`), so a `__proto__` query key or header stays a plain key.
 */
export function webhookRequestOf(request: Request): WebhookRequest {
  return {
    token: request.header('x-webhook-token'),
    authorization: request.header('authorization'),
    headers: headersOf(request),
    query: queryOf(request),
    body: bodyOf(request),
    idempotencyKey: request.header('idempotency-key'),
  };
}

function headersOf(request: Request): HeaderValues {
  return Object.fromEntries(Object.entries(request.headers).filter((entry): entry is [string, string | string[]] => entry[1] !== undefined));
}

/** The query string as sent, each name once (a repeated name gives a list), without Express' nested-object parsing. */
function queryOf(request: Request): QueryValues {
  const values = new Map<string, string[]>();
  for (const [name, value] of new URL(request.originalUrl, 'http://webhook.invalid').searchParams) {
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  return Object.fromEntries([...values].map(([name, list]) => [name, list.length === 1 ? list[0] : list]));
}

/** JSON or form bodies as parsed; null when the request had none. Multipart is not read here, so it is refused rather than lost. */
function bodyOf(request: Request): JsonValue {
  const hasBody = request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
  if (!hasBody) return null;
  if (request.is('multipart/form-data')) throw new BodyError('unsupported_type', 'Webhooks take JSON or form bodies, not multipart');
  // The body parsers produce JSON values only.
  return (request.body ?? null) as JsonValue;
}
