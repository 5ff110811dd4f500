import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

interface AllowEntry {
  /** A lower-cased host name, or undefined when the entry is an address range. */
  host?: string;
  range?: Range;
  /** Undefined: any port. */
  port?: number;
}

/**
 * Decides which destinations the egress guard lets through: public unicast addresses
 * always, anything else only when the operator allow-lists it (`EGRESS_ALLOW_HOSTS`
 * entries: `host`, `host:port`, an IP, `ip:port`, `[v6]:port` or a CIDR such as `10.0.0.0/8`).
 */
export class EgressAddressPolicy {
  private readonly entries: AllowEntry[];

  constructor(allowHosts: ReadonlyArray<string> = []) {
    this.entries = allowHosts.map(parseEntry).filter((e): e is AllowEntry => e !== undefined);
  }

  /** The URL's host name is allow-listed by name (its addresses are then trusted too). */
  isHostAllowListed(hostname: string, port: number): boolean {
    const host = hostname.toLowerCase();
    return this.entries.some((e) => e.host === host && portMatches(e, port));
  }

  /** A resolved or literal address may be connected to. */
  isAddressAllowed(address: string, port: number): boolean {
    const ip = toAddress(address);
    if (!ip) return false;
    if (isPublicUnicast(ip)) return true;
    return this.entries.some((e) => e.range !== undefined && portMatches(e, port) && sameKindMatch(ip, e.range));
  }
}

/** Global unicast IPv6 (RFC 4291 §2.5.4): what IANA allocates; the rest is reserved or special. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Public unicast: for IPv4 what ipaddr.js calls `unicast`; for IPv6 also inside 2000::/3, so
 * IPv4-compatible `::a.b.c.d` (::/96, which some stacks still route to IPv4), `100::/64` and
 * every unallocated block stay private. ipaddr.js's special ranges (documentation, 6to4,
 * Teredo, NAT64…) are not `unicast` either.
 */
function isPublicUnicast(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (ip.range() !== 'unicast') return false;
  return ip.kind() === 'ipv4' || ip.match(GLOBAL_UNICAST_V6);
}

function portMatches(entry: AllowEntry, port: number): boolean {
  return entry.port === undefined || entry.port === port;
}

/** Parses an address and unwraps IPv4-mapped IPv6 (`::ffff:127.0.0.1` is loopback). */
export function toAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIP(bare) === 0) return undefined;
  return ipaddr.process(bare);
}

function sameKindMatch(ip: ipaddr.IPv4 | ipaddr.IPv6, range: Range): boolean {
  return ip.kind() === range[0].kind() && ip.match(range);
}

function parseEntry(raw: string): AllowEntry | undefined {
  const text = raw.trim().toLowerCase();
  if (text === '') return undefined;
  if (text.includes('/')) {
    return { range: parseRange(text) };
  }
  const { host, port } = splitPort(text);
  const ip = toAddress(host);
  if (ip) return { range: [ip, ip.kind() === 'ipv4' ? 32 : 128], port };
  return { host, port };
}

function parseRange(text: string): Range {
  const [address, bits] = ipaddr.parseCIDR(text);
  const processed = address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress();
  return processed ? [(address as ipaddr.IPv6).toIPv4Address(), Math.max(0, bits - 96)] : [address, bits];
}

function splitPort(text: string): { host: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) return { host: bracketed[1], port: bracketed[2] ? Number(bracketed[2]) : undefined };
  if (isIP(text) === 6) return { host: text };
  const match = /^(.*?)(?::(\d+))?$/.exec(text);
  return { host: match?.[1] ?? text, port: match?.[2] ? Number(match[2]) : undefined };
}
