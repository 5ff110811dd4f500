/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { parseURL, percentDecodeString, serializeHost, serializePath, serializeURL, serializeURLOrigin, URLRecord, URLSearchParams } from 'whatwg-url';

interface UrlParseInput {
  url: string;
  base?: string;
}

type HostType = 'domain' | 'ipv4' | 'ipv6' | 'opaque' | 'empty' | 'none';

/** The special schemes of the URL Standard and their default ports (null prototype: `constructor:` is not one). */
const DEFAULT_PORTS: Readonly<Record<string, number | null>> = Object.assign(Object.create(null) as Record<string, number | null>, {
  ftp: 21,
  file: null,
  http: 80,
  https: 443,
  ws: 80,
  wss: 443,
});

function hostType(url: URLRecord): HostType {
  if (url.host === null) return 'none';
  if (url.host === '') return 'empty';
  if (typeof url.host === 'number') return 'ipv4';
  if (Array.isArray(url.host)) return 'ipv6';
  return url.scheme in DEFAULT_PORTS ? 'domain' : 'opaque';
}

function groupQuery(pairs: Array<[string, string]>): Record<string, string | string[]> {
  const grouped: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of pairs) {
    const existing = grouped[name];
    grouped[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return { ...grouped };
}

const decodeSegment = (segment: string): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(percentDecodeString(segment));

export default function urlParse(input: UrlParseInput) {
  const base = input.base === undefined ? null : parseURL(input.base);
  if (input.base !== undefined && base === null) throw new ToolError('invalid_url', `Invalid base URL: ${input.base}`);
  const url = parseURL(input.url, { baseURL: base ?? undefined });
  if (url === null) throw new ToolError('invalid_url', `Invalid URL: ${input.url}`);
  // The string form drops one leading `?`, which is the query's own separator here, not part of it.
  const pairs = [...new URLSearchParams(`?${url.query ?? ''}`)];
  const hostname = url.host === null ? '' : serializeHost(url.host);
  const port = url.port === null ? '' : String(url.port);
  return {
    href: serializeURL(url),
    origin: serializeURLOrigin(url),
    protocol: `${url.scheme}:`,
    username: url.username,
    password: url.password,
    host: hostname + (port === '' ? '' : `:${port}`),
    hostname,
    host_type: hostType(url),
    port,
    effective_port: url.port ?? DEFAULT_PORTS[url.scheme] ?? null,
    pathname: serializePath(url),
    path_segments: Array.isArray(url.path) ? url.path.filter((s) => s !== '').map(decodeSegment) : [],
    search: url.query ? `?${url.query}` : '',
    hash: url.fragment ? `#${url.fragment}` : '',
    query: groupQuery(pairs),
    query_pairs: pairs.map(([name, value]) => ({ name, value })),
  };
}
