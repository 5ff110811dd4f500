// Credentials are never forwarded: the caller is a model, and a header it was talked into adding
// is how a prompt injection exfiltrates a token. Webhook receivers that need a secret carry it in
// the URL they issued (Slack, Discord, Teams), which the caller already has.
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key', 'x-auth-token', 'x-access-token', 'x-webhook-token']);
const CREDENTIAL_NAME = /token|secret|passw|api[-_]?key|session|credential/i;
// The host owns the transport; the body is always the JSON payload.
const TRANSPORT_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'expect',
  'forwarded',
  'x-real-ip',
]);
const SECRET_QUERY_NAME = /token|key|secret|sig|passw|auth|code|credential|session/i;
const URL_PARTS = /^(https?:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/i;

export interface FilteredHeaders {
  headers: { [name: string]: string };
  /** Lower-cased names of the headers that were not sent. */
  dropped: string[];
}

/** The caller's headers minus credentials and transport headers, names lower-cased. */
export function filterHeaders(given: { [name: string]: string } = {}): FilteredHeaders {
  const headers: { [name: string]: string } = {};
  const dropped: string[] = [];
  for (const [rawName, value] of Object.entries(given)) {
    const name = rawName.toLowerCase();
    const refused = CREDENTIAL_HEADERS.has(name) || CREDENTIAL_NAME.test(name) || TRANSPORT_HEADERS.has(name) || name.startsWith('x-forwarded-');
    if (refused) dropped.push(name);
    else headers[name] = value;
  }
  return { headers, dropped: [...new Set(dropped)].sort() };
}

/**
 * The URL as it may be shown back: no user info, secret-looking query values and path segments
 * (long mixes of letters and digits, like Slack's or Discord's webhook keys) replaced by `***`.
 */
export function redactUrl(url: string): string {
  const parts = URL_PARTS.exec(url);
  if (!parts) return '***';
  const [, scheme, authority, path, query = '', fragment = ''] = parts;
  const host = authority.slice(authority.lastIndexOf('@') + 1);
  const safePath = path
    .split('/')
    .map((segment) => (looksSecret(segment) ? '***' : segment))
    .join('/');
  const safeQuery = query.replace(/([?&])([^=&]*)=([^&]*)/g, (all, sep: string, name: string, value: string) =>
    SECRET_QUERY_NAME.test(name) || looksSecret(value) ? `${sep}${name}=***` : all,
  );
  return `${scheme}${host}${safePath}${safeQuery}${fragment ? '#***' : ''}`;
}

function looksSecret(segment: string): boolean {
  return segment.length >= 16 && /\d/.test(segment) && /[A-Za-z]/.test(segment);
}

/** At most `max` characters of the body, cut on a whole character. */
export function excerpt(body: string, max: number): { text: string; truncated: boolean } {
  if (body.length <= max) return { text: body, truncated: false };
  const cut = /[\uD800-\uDBFF]/.test(body[max - 1]) ? max - 1 : max;
  return { text: body.slice(0, cut), truncated: true };
}
