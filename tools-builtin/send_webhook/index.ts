/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { http, Json } from 'kernel:api';
import { excerpt, filterHeaders, redactUrl } from './webhook-request';

interface Input {
  url: string;
  payload: Json;
  headers?: { [name: string]: string };
  timeout_ms?: number;
}

interface Output {
  delivered: boolean;
  ok: boolean;
  status: number | null;
  content_type: string | null;
  body_excerpt: string;
  body_truncated: boolean;
  url: string;
  dropped_headers: string[];
  error: { code: string; message: string } | null;
}

const EXCERPT_CHARS = 2000;
// The receiver's answer is read only for an excerpt; a larger body is refused by the host (`too_large`).
const MAX_RESPONSE_BYTES = 262144;
// Failures of the receiver (not of policy) are an answer the caller can act on, not a tool failure.
const RECEIVER_FAILURES = new Set(['upstream_error', 'timeout', 'too_large']);

export default async function sendWebhook(input: Input): Promise<Output> {
  const { headers, dropped } = filterHeaders(input.headers);
  const base = { url: redactUrl(input.url), dropped_headers: dropped };
  try {
    const response = await http.post(input.url, input.payload, {
      headers: { 'user-agent': 'agent-platform-webhook/1.0', ...headers },
      maxBytes: MAX_RESPONSE_BYTES,
      timeoutMs: input.timeout_ms ?? 10000,
    });
    const body = excerpt(response.body, EXCERPT_CHARS);
    return {
      ...base,
      delivered: true,
      ok: response.status >= 200 && response.status < 300,
      status: response.status,
      content_type: response.headers['content-type'] ?? null,
      body_excerpt: body.text,
      body_truncated: body.truncated,
      url: redactUrl(response.url || input.url),
      error: null,
    };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (!RECEIVER_FAILURES.has(code)) throw error;
    const message =
      code === 'timeout'
        ? 'The receiver did not answer in time.'
        : code === 'too_large'
          ? 'The receiver answered with a body over the size cap.'
          : 'The receiver could not be reached or failed.';
    return { ...base, delivered: false, ok: false, status: null, content_type: null, body_excerpt: '', body_truncated: false, error: { code, message } };
  }
}
