/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { http, HttpResponse, Json, ToolError } from 'kernel:api';
import { excerpt, filterHeaders, redactUrl } from './webhook-request';

interface Input {
  url: string;
  payload: Json;
  headers?: { [name: string]: string };
  timeout_ms?: number;
}

interface Output {
  status: number;
  status_ok: boolean;
  content_type: string | null;
  body_excerpt: string;
  body_truncated: boolean;
  url: string;
  dropped_headers: string[];
}

const EXCERPT_CHARS = 2000;
// The receiver's answer is read only for an excerpt; a larger body is refused by the host (`too_large`).
const MAX_RESPONSE_BYTES = 262144;
// A receiver that gives no answer fails the call, in words about the receiver; a `timeout` keeps its
// own outcome code, and policy refusals (`forbidden_target`…) pass as the host worded them.
const RECEIVER_FAILURES: Record<string, string> = {
  upstream_error: 'The receiver could not be reached or failed.',
  too_large: `The receiver answered with a body over ${MAX_RESPONSE_BYTES / 1024} KB.`,
};

export default async function sendWebhook(input: Input): Promise<Output> {
  const { headers, dropped } = filterHeaders(input.headers);
  let response: HttpResponse;
  try {
    response = await http.post(input.url, input.payload, {
      headers: { 'user-agent': 'agent-platform-webhook/1.0', ...headers },
      maxBytes: MAX_RESPONSE_BYTES,
      timeoutMs: input.timeout_ms ?? 10000,
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (Object.hasOwn(RECEIVER_FAILURES, code)) throw new ToolError(code, RECEIVER_FAILURES[code]);
    throw error;
  }
  // Any status is the receiver's answer, for the caller to judge.
  const body = excerpt(response.body, EXCERPT_CHARS);
  return {
    status: response.status,
    status_ok: response.status >= 200 && response.status < 300,
    content_type: response.headers['content-type'] ?? null,
    body_excerpt: body.text,
    body_truncated: body.truncated,
    url: redactUrl(response.url || input.url),
    dropped_headers: dropped,
  };
}
