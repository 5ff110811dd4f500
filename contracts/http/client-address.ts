import { isIP, isIPv6 } from 'node:net';
import { Request } from 'express';

/**
 * The client's address for per-address limits. Express works it out under the app's
 * `trust proxy` setting (TRUST_PROXY): the TCP peer by default, and `X-Forwarded-For` only as far
 * back as the hops the operator trusts, so a client cannot name its own address. A value that is
 * no IP address (a trusted proxy passing on garbage) falls back to the peer. An IPv4-mapped IPv6
 * address counts as its IPv4 address, and an IPv6 client counts by its /64, the block one
 * subscriber usually holds.
 */
export function clientAddressOf(request: Request): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const forwarded = request.ip;
  return normalized(forwarded !== undefined && isIP(forwarded) !== 0 ? forwarded : peer);
}

function normalized(raw: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(raw);
  if (mapped) return mapped[1];
  if (!isIPv6(raw)) return raw;
  return `${expandIpv6(raw).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head, tail = ''] = address.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const missing = Math.max(0, 8 - left.length - right.length);
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => group.toLowerCase().replace(/^0+(?=.)/, ''));
}
