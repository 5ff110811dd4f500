import { EgressRequest, EgressResponse, HttpEgress } from '../../core/ports/http-egress.port';
import { EgressStreamResponse, StreamingHttpEgress } from '../../core/ports/streaming-http-egress.port';
import { Logger } from '../../core/ports/logger.port';
import { DomainError } from '../../core/shared/domain-error';
import { EgressTimeoutError, EgressUpstreamError } from '../../core/domain/tool/egress.errors';
import { EgressAddressPolicy } from './egress-address-policy';
import { failureDetailOf } from './egress-failures';
import { checkTarget, EgressTarget } from './egress-target';
import { DnsResolver, systemResolver } from './guarded-lookup';
import { exchange, ExchangeResponse } from './http-exchange';

export interface GuardedHttpEgressOptions {
  /** Operator allow-list (`config.sandbox.egressAllowHosts`); see `EgressAddressPolicy`. */
  allowHosts?: ReadonlyArray<string>;
  defaultMaxBytes?: number;
  defaultTimeoutMs?: number;
  userAgent?: string;
  /** Tests inject a resolver to play DNS rebinding; default node's `dns.lookup`. */
  resolver?: DnsResolver;
  /** Where the specifics of a refusal or failure go; callers only see a generic message. */
  logger?: Logger;
}

const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers the caller may not set: node computes them, or they would steer the connection. */
const DROPPED_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-authorization',
  'proxy-connection',
]);
/** Never carried to another origin on a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie'];

/** The egress guard of SECURITY.md "Outbound requests", over node:http(s). */
export class GuardedHttpEgress implements HttpEgress, StreamingHttpEgress {
  private readonly policy: EgressAddressPolicy;

  constructor(private readonly options: GuardedHttpEgressOptions = {}) {
    this.policy = new EgressAddressPolicy(options.allowHosts ?? []);
  }

  async request(request: EgressRequest): Promise<EgressResponse> {
    const timeoutMs = this.timeoutOf(request);
    const maxBytes = request.maxBytes ?? this.options.defaultMaxBytes ?? 1_048_576;
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline, request.signal]) : deadline;
    try {
      const { response, url, method } = await this.follow(request, signal);
      const bytes = method === 'HEAD' ? new Uint8Array(0) : await response.read(maxBytes);
      return { status: response.status, headers: response.headers, body: bytes, url };
    } catch (error) {
      throw this.failure(error, signal, deadline.aborted, timeoutMs);
    }
  }

  /** `timeoutMs` bounds the wait for the headers only: a streamed answer may take longer than that to finish. */
  async open(request: EgressRequest): Promise<EgressStreamResponse> {
    const timeoutMs = this.timeoutOf(request);
    const maxBytes = request.maxBytes ?? this.options.defaultMaxBytes ?? 1_048_576;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(), timeoutMs);
    const signal = request.signal ? AbortSignal.any([deadline.signal, request.signal]) : deadline.signal;
    try {
      const { response, url, method } = await this.follow(request, signal);
      const body = method === 'HEAD' ? emptyBody() : response.stream(maxBytes);
      return { status: response.status, headers: response.headers, url, body };
    } catch (error) {
      throw this.failure(error, signal, deadline.signal.aborted, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }

  private timeoutOf(request: EgressRequest): number {
    return request.timeoutMs ?? this.options.defaultTimeoutMs ?? 15_000;
  }

  /** What the caller is told: the specifics of a refusal go to the log; an aborted exchange is a time-out or a cancellation. */
  private failure(error: unknown, signal: AbortSignal, timedOut: boolean, timeoutMs: number): unknown {
    const detail = failureDetailOf(error);
    if (detail) this.options.logger?.info({ detail }, 'egress request refused or unreachable');
    if (signal.aborted && !(error instanceof DomainError && error.code === 'egress.forbidden_target')) {
      return new EgressTimeoutError(timedOut ? `No complete answer within ${timeoutMs} ms` : 'The request was cancelled');
    }
    return error;
  }

  /** Sends the request and follows redirects, re-checking every hop; answers the final response, its body unread. */
  private async follow(request: EgressRequest, signal: AbortSignal): Promise<{ response: ExchangeResponse; url: string; method: string }> {
    let target = checkTarget(request.url, this.policy);
    let method = (request.method ?? 'GET').toUpperCase();
    let headers = this.cleanHeaders(request.headers);
    let body = toBytes(request.body);
    for (let hop = 0; ; hop += 1) {
      const response = await exchange({ target, method, headers, body, signal }, this.policy, this.options.resolver ?? systemResolver);
      const location = response.headers.location;
      if (request.redirect === 'manual' || !REDIRECT_STATUSES.has(response.status) || !location) {
        return { response, url: target.url.toString(), method };
      }
      response.discard();
      if (hop >= MAX_REDIRECTS) throw new EgressUpstreamError(`More than ${MAX_REDIRECTS} redirects`);
      const next = checkTarget(resolveLocation(location, target), this.policy);
      request.beforeRedirect?.(next.url.toString());
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = method === 'HEAD' ? 'HEAD' : 'GET';
        body = undefined;
        headers = withoutHeaders(headers, ['content-type']);
      }
      if (next.url.origin !== target.url.origin) headers = withoutHeaders(headers, CREDENTIAL_HEADERS);
      target = next;
    }
  }

  private cleanHeaders(headers: Record<string, string> = {}): Record<string, string> {
    const out: Record<string, string> = { 'user-agent': this.options.userAgent ?? 'agent-platform' };
    for (const [name, value] of Object.entries(headers)) {
      const lower = name.toLowerCase();
      if (!DROPPED_HEADERS.has(lower) && typeof value === 'string') out[lower] = value;
    }
    return out;
  }
}

function resolveLocation(location: string, from: EgressTarget): string {
  try {
    return new URL(location, from.url).toString();
  } catch {
    throw new EgressUpstreamError('The server sent an invalid redirect');
  }
}

function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  const out = { ...headers };
  for (const name of names) delete out[name];
  return out;
}

function toBytes(body: string | Uint8Array | undefined): Uint8Array | undefined {
  if (body === undefined) return undefined;
  return typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
}

// eslint-disable-next-line require-yield
async function* emptyBody(): AsyncIterable<Uint8Array> {
  return;
}
