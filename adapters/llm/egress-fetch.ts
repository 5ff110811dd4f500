import { EgressTimeoutError } from '../../core/domain/tool/egress.errors';
import { StreamingHttpEgress } from '../../core/ports/streaming-http-egress.port';

export interface EgressFetchOptions {
  /** Longest wait for the answer's headers, and then between two pieces of its body (the SDK's own time-out also applies). */
  timeoutMs: number;
  /** Largest answer read, streamed or not. */
  maxBytes?: number;
}

const DEFAULT_MAX_BYTES = 16 * 1_048_576;
/** The guard's node:http client does not decompress; asking for identity keeps answers readable. */
const DROPPED_HEADERS = new Set(['accept-encoding']);
const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for the vendor SDKs that goes through the egress guard, so a user-supplied base URL
 * reaches only what the guard allows: the address is checked when the connection is made (DNS
 * rebinding), redirects are re-checked, proxies ignored. The answer streams, for SSE replies; a
 * server that goes quiet mid-body for `timeoutMs` is cut off (`EgressTimeoutError`), as undici's
 * body time-out would. An aborted signal surfaces as an `AbortError`, which is how the SDKs
 * recognise their time-out.
 */
export function egressFetch(egress: StreamingHttpEgress, options: EgressFetchOptions): typeof fetch {
  return async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const signal = init.signal ?? undefined;
    const idle = new AbortController();
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) headers[name] = value;
    });
    const body = init.body === undefined || init.body === null ? undefined : new Uint8Array(await new Response(init.body).arrayBuffer());
    try {
      const answer = await egress.open({
        url,
        method: init.method ?? 'GET',
        headers,
        body,
        signal: signal ? AbortSignal.any([signal, idle.signal]) : idle.signal,
        timeoutMs: options.timeoutMs,
        maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
      });
      const stream = NULL_BODY_STATUSES.has(answer.status) ? null : ReadableStream.from(untilQuiet(answer.body, options.timeoutMs, idle));
      return new Response(stream, { status: answer.status, headers: answer.headers });
    } catch (error) {
      if (signal?.aborted) throw new DOMException('The request was aborted', 'AbortError');
      throw error;
    }
  };
}

/** The body as it comes, aborting the exchange when no piece arrives for `quietMs`. */
async function* untilQuiet(body: AsyncIterable<Uint8Array>, quietMs: number, idle: AbortController): AsyncIterable<Uint8Array> {
  const pieces = body[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      const timer = setTimeout(() => idle.abort(), quietMs);
      let next: IteratorResult<Uint8Array>;
      try {
        next = await pieces.next();
      } catch (error) {
        finished = true;
        if (idle.signal.aborted) throw new EgressTimeoutError(`The model server sent nothing for ${quietMs} ms`);
        throw error;
      } finally {
        clearTimeout(timer);
      }
      if (next.done) {
        finished = true;
        return;
      }
      yield next.value;
    }
  } finally {
    // A reader that stops early (the SDK cancelling the stream) releases the connection.
    if (!finished) await pieces.return?.();
  }
}
