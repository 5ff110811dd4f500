import { DomainError } from '../../shared/domain-error';
import { HttpEgress } from '../../ports/http-egress.port';
import { JsonObject } from '../../shared/json';

export type PostAnswer = { reached: true; status: number; body: string } | { reached: false; detail: string };

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_TIMEOUT_MS = 15_000;
const MAX_ANSWER_BYTES = 65_536;
/** Receiver failures become a "not delivered" answer; anything else (a refused destination) stays an error. */
const RECEIVER_FAILURES: Record<string, string> = {
  'egress.timeout': 'The receiver did not answer in time',
  'egress.upstream_error': 'The receiver could not be reached',
  'egress.too_large': 'The receiver answered with too large a body',
};

/**
 * POSTs JSON through the egress guard without following redirects (a moved webhook is not
 * delivered; following would turn the POST into a GET) and without credentials of ours.
 */
export async function postJson(egress: HttpEgress, url: string, body: JsonObject, options: { signal?: AbortSignal; timeoutMs?: number }): Promise<PostAnswer> {
  try {
    const response = await egress.request({
      url,
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(body),
      redirect: 'manual',
      maxBytes: MAX_ANSWER_BYTES,
      timeoutMs: Math.min(options.timeoutMs ?? DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS),
      signal: options.signal,
    });
    return { reached: true, status: response.status, body: new TextDecoder().decode(response.body) };
  } catch (error) {
    if (error instanceof DomainError && RECEIVER_FAILURES[error.code]) return { reached: false, detail: RECEIVER_FAILURES[error.code] };
    throw error;
  }
}
