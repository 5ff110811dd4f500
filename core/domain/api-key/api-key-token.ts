/**
 * The key a client presents: `pk_<id>_<secret>`, where `id` is 32 hex digits (the record's
 * public id) and `secret` is base64url. The id lets the server find the record without
 * comparing secrets in the database; the secret is then compared in constant time.
 */
const PREFIX = 'pk_';
const KEY_PATTERN = /^pk_([0-9a-f]{32})_([A-Za-z0-9_-]{32,128})$/;

export interface ApiKeyParts {
  id: string;
  secret: string;
}

export function formatApiKey(parts: ApiKeyParts): string {
  return `${PREFIX}${parts.id}_${parts.secret}`;
}

/** The parts of a well-formed key, or null for anything else. */
export function parseApiKey(presented: string): ApiKeyParts | null {
  const match = KEY_PATTERN.exec(presented);
  return match ? { id: match[1], secret: match[2] } : null;
}

/** A key id from a v4 UUID: its hex digits, lower-cased. */
export function keyIdFromUuid(uuid: string): string {
  return uuid.replace(/-/g, '').toLowerCase();
}
