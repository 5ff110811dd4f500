import { IncomingMessage, request as httpRequest, RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { EgressForbiddenTargetError, EgressTooLargeError, EgressUpstreamError } from '../../core/domain/tool/egress.errors';
import { EgressAddressPolicy } from './egress-address-policy';
import { refusedTarget, unreachableTarget } from './egress-failures';
import { EgressTarget } from './egress-target';
import { DnsResolver, guardedLookup } from './guarded-lookup';

export interface ExchangeRequest {
  target: EgressTarget;
  method: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  signal: AbortSignal;
}

export interface ExchangeResponse {
  status: number;
  headers: Record<string, string>;
  /** Reads the body, refusing more than `maxBytes`. */
  read(maxBytes: number): Promise<Uint8Array>;
  /** The body chunk by chunk as it arrives, failing past `maxBytes`. */
  stream(maxBytes: number): AsyncIterable<Uint8Array>;
  discard(): void;
}

/** One HTTP request to an already checked target; the socket may only reach checked addresses. */
export function exchange(request: ExchangeRequest, policy: EgressAddressPolicy, resolver: DnsResolver): Promise<ExchangeResponse> {
  const { target } = request;
  const options: RequestOptions = {
    method: request.method,
    headers: request.headers,
    // A one-off agent: no pooled socket from another host or check, and no proxy environment variables are consulted.
    agent: false,
    signal: request.signal,
    lookup: guardedLookup(policy, target.port, target.hostAllowListed, resolver) as RequestOptions['lookup'],
  };
  const send = target.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(target.url, options, (res) => {
      const remote = res.socket.remoteAddress;
      if (!target.hostAllowListed && remote !== undefined && isIP(remote) !== 0 && !policy.isAddressAllowed(remote, target.port)) {
        res.destroy();
        reject(refusedTarget(`${target.url.host} connected to ${remote}`));
        return;
      }
      resolve(toResponse(res, request.signal));
    });
    req.on('error', (error) => reject(toEgressError(error, target)));
    req.end(request.body);
  });
}

function toResponse(res: IncomingMessage, signal: AbortSignal): ExchangeResponse {
  return {
    status: res.statusCode ?? 0,
    headers: flattenHeaders(res),
    read: (maxBytes) => readCapped(res, maxBytes),
    stream: (maxBytes) => streamCapped(res, maxBytes, signal),
    discard: () => res.destroy(),
  };
}

function readCapped(res: IncomingMessage, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    return Promise.reject(new EgressTooLargeError(`The response body is larger than ${maxBytes} bytes`));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    res.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // Settle before destroying: destroying emits `aborted`/`error`, which must not win.
        reject(new EgressTooLargeError(`The response body is larger than ${maxBytes} bytes`));
        res.destroy();
        return;
      }
      chunks.push(chunk);
    });
    res.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks, size))));
    res.on('error', () => reject(new EgressUpstreamError('The connection failed while the response was read')));
    res.on('aborted', () => reject(new EgressUpstreamError('The server closed the connection early')));
  });
}

async function* streamCapped(res: IncomingMessage, maxBytes: number, signal: AbortSignal): AsyncIterable<Uint8Array> {
  const tooLarge = () => new EgressTooLargeError(`The response body is larger than ${maxBytes} bytes`);
  const declared = Number(res.headers['content-length']);
  let size = 0;
  try {
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      yield chunk;
    }
  } catch (error) {
    if (error instanceof EgressTooLargeError) throw error;
    // The socket reports a plain reset when the caller aborts; the caller expects its abort.
    if (signal.aborted || (error instanceof Error && error.name === 'AbortError')) throw new DOMException('The request was aborted', 'AbortError');
    throw new EgressUpstreamError('The connection failed while the response was read');
  } finally {
    // A reader that stops early, or a failure, leaves no socket behind.
    if (!res.complete) res.destroy();
  }
}

function flattenHeaders(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function toEgressError(error: Error, target: EgressTarget): Error {
  if (error instanceof EgressForbiddenTargetError) return error;
  if (error.name === 'AbortError') return error;
  // Whether the name resolved, or the port refused, answered or timed out, reads the same to the caller.
  return unreachableTarget(`${target.url.host}: ${safeCode(error)}`);
}

/** The driver's code only (ECONNREFUSED…): even the log keeps no message that may quote a response. */
function safeCode(error: Error): string {
  const code = (error as NodeJS.ErrnoException).code;
  return typeof code === 'string' && /^[A-Z0-9_]+$/.test(code) ? code : 'network error';
}
