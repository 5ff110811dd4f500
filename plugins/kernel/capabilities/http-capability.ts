import { isHeaderName, isHeaderValue } from '../../../core/domain/tool/http-header-syntax';
import { HttpEgress } from '../../../core/ports/http-egress.port';
import { JsonValue } from '../../../core/shared/json';
import { argsObject, optionalEnum, optionalNumber, optionalString, requiredString, stringRecord } from './capability-args';
import { CapabilityError } from './capability-error';
import { CapabilityCallContext, CapabilityHandler } from './capability-handler';

const DEFAULT_MAX_BYTES = 1_048_576;
const HOST_MAX_BYTES = 10 * 1_048_576;
const DEFAULT_MAX_CALLS = 20;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

interface HttpGrant {
  hosts: string[];
  methods?: string[];
  maxBytes?: number;
  maxCalls?: number;
}

/**
 * `http.request`: the manifest's host and method allow-lists and call quota here, then
 * the egress guard (SSRF rules, body and time caps) for the request and every redirect.
 */
export class HttpCapability implements CapabilityHandler {
  constructor(private readonly egress: HttpEgress) {}

  async handle(_method: string, rawArgs: JsonValue, context: CapabilityCallContext): Promise<JsonValue> {
    const grant = context.grant as unknown as HttpGrant;
    const args = argsObject(rawArgs, 'http.request');
    const url = requiredString(args, 'url', 'http.request');
    const method = (optionalString(args, 'method', 'http.request') ?? 'GET').toUpperCase();
    if (!(METHODS as readonly string[]).includes(method)) throw new CapabilityError('invalid_argument', `http.request: unknown method ${method}`);
    if (!(grant.methods ?? ['GET']).includes(method)) {
      throw new CapabilityError('capability_denied', `The manifest does not allow ${method} requests (capabilities.http.methods)`);
    }
    checkHost(url, grant.hosts);
    if (context.count() > (grant.maxCalls ?? DEFAULT_MAX_CALLS)) {
      throw new CapabilityError('quota_exceeded', `More than ${grant.maxCalls ?? DEFAULT_MAX_CALLS} HTTP requests in one tool call`);
    }
    const cap = Math.min(grant.maxBytes ?? DEFAULT_MAX_BYTES, HOST_MAX_BYTES);
    const timeoutMs = Math.min(optionalNumber(args, 'timeoutMs', 'http.request') ?? Infinity, context.remainingMs());
    if (timeoutMs <= 0) throw new CapabilityError('timeout', 'No time is left for an HTTP request');
    const body = optionalString(args, 'body', 'http.request');
    const bodyEncoding = optionalEnum(args, 'bodyEncoding', ['utf8', 'base64'], 'http.request');
    const headers = stringRecord(args, 'headers', 'http.request');
    if (!Object.entries(headers ?? {}).every(([name, value]) => isHeaderName(name) && isHeaderValue(value))) {
      throw new CapabilityError('invalid_argument', 'http.request: every header needs a valid name and a single-line Latin-1 value of at most 4096 characters');
    }
    const response = await this.egress.request({
      url,
      method,
      headers,
      body: body === undefined ? undefined : bodyEncoding === 'base64' ? Buffer.from(body, 'base64') : body,
      maxBytes: Math.min(optionalNumber(args, 'maxBytes', 'http.request') ?? cap, cap),
      timeoutMs,
      signal: context.signal,
      beforeRedirect: (next) => checkHost(next, grant.hosts),
    });
    const responseEncoding = optionalEnum(args, 'responseEncoding', ['utf8', 'base64'], 'http.request') ?? 'utf8';
    return {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(response.body).toString(responseEncoding),
      url: response.url,
    };
  }
}

function checkHost(url: string, hosts: string[]): void {
  let hostname: string;
  try {
    hostname = new URL(url).hostname.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    throw new CapabilityError('invalid_argument', 'http.request: "url" is not an absolute URL');
  }
  if (!hosts.some((pattern) => hostMatches(pattern, hostname))) {
    throw new CapabilityError('capability_denied', `The manifest does not allow requests to ${hostname} (capabilities.http.hosts)`);
  }
}

/** `*` any host; `*.example.com` its subdomains; anything else the exact host. */
export function hostMatches(pattern: string, hostname: string): boolean {
  const p = pattern.toLowerCase();
  if (p === '*') return true;
  if (p.startsWith('*.')) return hostname.endsWith(p.slice(1)) && hostname.length > p.length - 1;
  return hostname === p;
}
