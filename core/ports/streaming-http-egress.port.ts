import { token } from '../shared/token';
import { EgressRequest } from './http-egress.port';

export interface EgressStreamResponse {
  status: number;
  /** Lower-cased names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** The URL that answered, after redirects. */
  url: string;
  /**
   * The body as it arrives. Past `maxBytes` it fails with `EgressTooLargeError`; a broken
   * connection fails with `EgressUpstreamError`; an aborted signal ends it with the abort.
   */
  body: AsyncIterable<Uint8Array>;
}

/**
 * The `HttpEgress` guard for answers read as they come (a model's streamed reply): the same
 * destination rules, connect-time checks and redirect handling, but it answers once the
 * headers arrive. `timeoutMs` bounds the wait for them; the caller's signal bounds the rest.
 */
export interface StreamingHttpEgress {
  open(request: EgressRequest): Promise<EgressStreamResponse>;
}

export const STREAMING_HTTP_EGRESS = token<StreamingHttpEgress>('StreamingHttpEgress');
