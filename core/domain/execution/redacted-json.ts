import { isSensitiveHeader } from '../tool/sensitive-headers';
import { JsonValue } from '../../shared/json';

export const REDACTED = '[redacted]';

/** Key names that look like credentials to `isSensitiveHeader` but hold counts or ids. */
const HARMLESS = /^(?:(?:prompt|completion|total|max|input|output)-tokens?|tokens?|token-usage|token-count|session-id)$/;
const BEARER_VALUE = /^\s*(?:bearer|basic)\s+\S+/i;

/** A key whose value is a credential, by the platform's rule for sensitive headers (`api_key` as `api-key`). */
export function isSensitiveKey(key: string): boolean {
  const name = key.toLowerCase().replace(/_/g, '-');
  return !HARMLESS.test(name) && isSensitiveHeader(name);
}

/** `value` with the values of sensitive keys, and strings that carry a bearer or basic credential, replaced by `[redacted]`. */
export function redactSecrets(value: JsonValue): JsonValue {
  if (typeof value === 'string') return BEARER_VALUE.test(value) ? REDACTED : value;
  if (Array.isArray(value)) return value.map(redactSecrets);
  if (value === null || typeof value !== 'object') return value;
  const copy: { [key: string]: JsonValue } = {};
  for (const [key, entry] of Object.entries(value)) copy[key] = isSensitiveKey(key) ? REDACTED : redactSecrets(entry);
  return copy;
}
