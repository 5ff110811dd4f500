import { QueryValues } from '../../domain/webhook/webhook-request';
import { JsonValue } from '../../shared/json';

/** Query parameters that carry a token in common webhook setups; `-` and `_` are read alike. */
const TOKEN_PARAMETERS = new Set(['token', 'webhook_token', 'x_webhook_token', 'access_token', 'auth_token']);

/** Body fields that can only mean our token (`token` alone is left alone: Slack and others send their own). */
const TOKEN_FIELDS = new Set(['webhook_token', 'x_webhook_token']);

/** Strings of a body looked at, at most: the parser caps depth, this caps breadth. */
const MAX_BODY_STRINGS = 10_000;

const normalised = (name: string): string => name.toLowerCase().replace(/-/g, '_');

export function namesTokenParameter(query: QueryValues): boolean {
  return Object.keys(query).some((name) => TOKEN_PARAMETERS.has(normalised(name)));
}

export function queryValues(query: QueryValues): string[] {
  return Object.values(query).flat();
}

export function namesTokenField(body: JsonValue): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).some((name) => TOKEN_FIELDS.has(normalised(name)));
}

/** The body's string values of exactly `length` characters (only those can be the token), breadth first. */
export function bodyStringsOfLength(body: JsonValue, length: number): string[] {
  const found: string[] = [];
  const pending: JsonValue[] = [body];
  let seen = 0;
  while (pending.length > 0 && seen < MAX_BODY_STRINGS) {
    const value = pending.shift() as JsonValue;
    if (typeof value === 'string') {
      seen++;
      if (value.length === length) found.push(value);
    } else if (Array.isArray(value)) pending.push(...value);
    else if (typeof value === 'object' && value !== null) pending.push(...Object.values(value));
  }
  return found;
}
