import { JsonValue } from '../../shared/json';

const decoder = new TextDecoder('utf-8');

/** The body as JSON when it is JSON (by content type, or by shape), else as UTF-8 text. */
export function decodeBody(body: Uint8Array, contentType: string | undefined): JsonValue {
  const text = decoder.decode(body);
  const looksJson = /\bjson\b/i.test(contentType ?? '') || /^\s*[[{]/.test(text);
  if (!looksJson) return text;
  try {
    return JSON.parse(text) as JsonValue;
  } catch {
    return text;
  }
}
