import { isIP } from 'node:net';
import { EgressForbiddenTargetError } from '../../core/domain/tool/egress.errors';
import { EgressAddressPolicy } from './egress-address-policy';
import { refusedTarget } from './egress-failures';

export interface EgressTarget {
  url: URL;
  /** Without IPv6 brackets. */
  hostname: string;
  port: number;
  /** The URL's host name itself is allow-listed by the operator. */
  hostAllowListed: boolean;
}

/**
 * Parses with the WHATWG URL parser, which also normalises the IPv4 spellings a DNS
 * hook never sees (`2130706433`, `0x7f000001`, `0177.0.0.1` all become `127.0.0.1`),
 * then refuses non-http(s) schemes and literal addresses that are not allowed.
 * Host names are checked again, after resolution, by the guarded lookup.
 */
export function checkTarget(raw: string | URL, policy: EgressAddressPolicy): EgressTarget {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EgressForbiddenTargetError('The URL is not a valid absolute URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new EgressForbiddenTargetError(`The scheme ${url.protocol} is not allowed; use http or https`);
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  const hostAllowListed = policy.isHostAllowListed(hostname, port);
  if (hostname === '') throw new EgressForbiddenTargetError('The URL has no host');
  if (!hostAllowListed && isIP(hostname) !== 0 && !policy.isAddressAllowed(hostname, port)) {
    throw refusedTarget(`${url.host} is a private, loopback or reserved address`);
  }
  if (!hostAllowListed && (hostname === 'localhost' || hostname.endsWith('.localhost'))) {
    throw refusedTarget(`${url.host} is a loopback host name`);
  }
  return { url, hostname, port, hostAllowListed };
}
