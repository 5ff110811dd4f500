import { token } from '../shared/token';

export interface EgressRequest {
  /** Absolute http(s) URL. */
  url: string;
  /** Default `GET`. */
  method?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Response body cap; a bigger body fails with `EgressTooLargeError`. Default 1 MiB. */
  maxBytes?: number;
  /** Whole exchange, redirects included; `EgressTimeoutError` past it. Default 15 s. */
  timeoutMs?: number;
  /** `follow` (default) follows up to 3 redirects, re-checking each hop; `manual` returns the 3xx. */
  redirect?: 'follow' | 'manual';
  /** Called with each redirect target before it is followed; throw to refuse the hop. */
  beforeRedirect?: (url: string) => void;
  signal?: AbortSignal;
}

export interface EgressResponse {
  status: number;
  /** Lower-cased names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: Uint8Array;
  /** The URL that answered, after redirects. */
  url: string;
}

/**
 * The one way out to the network for user-controlled destinations (tools, webhooks,
 * data sources, model base URLs). Refuses non-http(s) schemes and every address that
 * is not public unicast unless the operator allow-lists it, checks the address actually
 * connected to (DNS rebinding) and every redirect hop. Failures: `EgressForbiddenTargetError`,
 * `EgressTooLargeError`, `EgressTimeoutError`, `EgressUpstreamError`.
 */
export interface HttpEgress {
  request(request: EgressRequest): Promise<EgressResponse>;
}

export const HTTP_EGRESS = token<HttpEgress>('HttpEgress');
