/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { decodeBase64UrlText } from './base64url';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Input {
  token: string;
  at?: string;
  leeway_seconds?: number;
}

interface Output {
  verified: false;
  header: JsonObject;
  payload: JsonObject;
  signature: string;
  algorithm: string | null;
  issued_at?: string;
  expires_at?: string;
  not_before?: string;
  expired: boolean | null;
  not_yet_valid: boolean | null;
}

// Any ECMAScript Date lies within ±8.64e15 ms of the epoch.
const MAX_DATE_SECONDS = 8.64e12;

export default function jwtDecode(input: Input): Output {
  const token = input.token.trim().replace(/^Bearer\s+/i, '');
  const parts = token.split('.');
  if (parts.length === 5) throw new ToolError('encrypted_token', 'This is an encrypted JWT (JWE, five parts); it cannot be read without the key');
  if (parts.length !== 3) throw new ToolError('malformed_token', `A JWT has three dot-separated parts; this has ${parts.length}`);
  const header = segment(parts[0], 'header');
  const payload = segment(parts[1], 'payload');
  const now = referenceTime(input.at);
  const leeway = input.leeway_seconds ?? 0;
  const exp = secondsClaim(payload.exp);
  const nbf = secondsClaim(payload.nbf);
  const iat = secondsClaim(payload.iat);
  return {
    verified: false,
    header,
    payload,
    signature: parts[2],
    algorithm: typeof header.alg === 'string' ? header.alg : null,
    ...(iat === null ? {} : { issued_at: iso(iat) }),
    ...(exp === null ? {} : { expires_at: iso(exp) }),
    ...(nbf === null ? {} : { not_before: iso(nbf) }),
    expired: exp === null ? null : now >= exp + leeway,
    not_yet_valid: nbf === null ? null : now < nbf - leeway,
  };
}

function segment(text: string, name: 'header' | 'payload'): JsonObject {
  const json = decodeBase64UrlText(text);
  if (json === null) throw new ToolError('invalid_base64url', `The ${name} is not base64url-encoded UTF-8`);
  let value: Json;
  try {
    value = JSON.parse(json) as Json;
  } catch {
    throw new ToolError('invalid_json', `The ${name} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ToolError('invalid_json', `The ${name} is not a JSON object`);
  }
  return value;
}

function referenceTime(at: string | undefined): number {
  if (at === undefined) return Date.now() / 1000;
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) throw new ToolError('invalid_date', `at "${at}" is not an ISO 8601 date-time`);
  return ms / 1000;
}

/** NumericDate (RFC 7519 §2): seconds since the epoch; anything else is not a usable date claim. */
function secondsClaim(value: Json | undefined): number | null {
  return typeof value === 'number' && Math.abs(value) <= MAX_DATE_SECONDS ? value : null;
}

function iso(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}
