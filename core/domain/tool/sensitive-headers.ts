const SENSITIVE_NAMES = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-webhook-token']);
const SENSITIVE_PARTS = /token|secret|passw|api-?key|session|credential/;

/**
 * Headers that carry credentials: refused in stored tool headers (secrets belong in the
 * sealed `auth`) and never echoed from a test response (SECURITY.md, webhooks).
 */
export function isSensitiveHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return SENSITIVE_NAMES.has(lower) || SENSITIVE_PARTS.test(lower);
}
