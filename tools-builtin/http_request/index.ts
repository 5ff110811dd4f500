/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { http, HttpMethod, Json } from 'kernel:api';

interface HttpRequestInput {
  url: string;
  method?: HttpMethod;
  headers?: Record<string, string>;
  body?: Json;
  response_encoding?: 'text' | 'base64';
  timeout_ms?: number;
}

type BodyFormat = 'json' | 'text' | 'base64' | 'empty';

const JSON_CONTENT_TYPE = /^application\/(?:[\w.+-]+\+)?json\b|^text\/json\b/i;
// The kernel refuses outputs over 1,048,576 characters of JSON; leave room for headers and escapes.
const MAX_BODY_CHARS = 700_000;

function hasHeader(headers: Record<string, string>, name: string): boolean {
  return Object.keys(headers).some((key) => key.toLowerCase() === name);
}

function requestBody(input: HttpRequestInput, headers: Record<string, string>): string | undefined {
  if (input.body === undefined) return undefined;
  if (typeof input.body === 'string') return input.body;
  if (!hasHeader(headers, 'content-type')) headers['content-type'] = 'application/json';
  return JSON.stringify(input.body);
}

function decodeBody(body: string, contentType: string, encoding: 'text' | 'base64'): { body: Json; format: BodyFormat } {
  if (encoding === 'base64') return { body, format: 'base64' };
  if (body === '') return { body: '', format: 'empty' };
  if (JSON_CONTENT_TYPE.test(contentType)) {
    try {
      return { body: JSON.parse(body) as Json, format: 'json' };
    } catch {
      // A server that lies about its content type: hand back the text rather than failing.
    }
  }
  return { body, format: 'text' };
}

/** A body too big to hand back is cut (as text; base64 on a 4-character boundary) and flagged. */
function capBody(decoded: { body: Json; format: BodyFormat }, raw: string): { body: Json; format: BodyFormat; truncated: boolean } {
  const size = decoded.format === 'json' ? JSON.stringify(decoded.body).length : raw.length;
  if (size <= MAX_BODY_CHARS) return { ...decoded, truncated: false };
  const keep = decoded.format === 'base64' ? MAX_BODY_CHARS - (MAX_BODY_CHARS % 4) : MAX_BODY_CHARS;
  return { body: raw.slice(0, keep), format: decoded.format === 'base64' ? 'base64' : 'text', truncated: true };
}

export default async function httpRequest(input: HttpRequestInput) {
  const headers = { ...(input.headers ?? {}) };
  const encoding = input.response_encoding ?? 'text';
  const response = await http.request({
    url: input.url,
    method: input.method ?? 'GET',
    headers,
    body: requestBody(input, headers),
    responseEncoding: encoding === 'base64' ? 'base64' : 'utf8',
    timeoutMs: input.timeout_ms,
  });
  const contentType = response.headers['content-type'] ?? '';
  const decoded = capBody(decodeBody(response.body, contentType, encoding), response.body);
  return {
    status: response.status,
    status_ok: response.status >= 200 && response.status < 300,
    url: response.url,
    headers: response.headers,
    content_type: contentType,
    body: decoded.body,
    body_format: decoded.format,
    truncated: decoded.truncated,
  };
}
