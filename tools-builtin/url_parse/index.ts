/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { parseFormUrlencoded, percentDecode } from './url-encoding';
import { parseUrl, serializeOrigin, serializePath, serializeUrl, SPECIAL_SCHEMES, UrlRecord } from './whatwg-url';

interface UrlParseInput {
  url: string;
  base?: string;
}

type HostType = 'domain' | 'ipv4' | 'ipv6' | 'opaque' | 'empty' | 'none';

function hostType(url: UrlRecord): HostType {
  if (url.host === null) return 'none';
  if (url.host === '') return 'empty';
  if (url.host.startsWith('[')) return 'ipv6';
  if (!(url.scheme in SPECIAL_SCHEMES)) return 'opaque';
  return /^\d+\.\d+\.\d+\.\d+$/.test(url.host) ? 'ipv4' : 'domain';
}

function groupQuery(pairs: Array<[string, string]>): Record<string, string | string[]> {
  const grouped: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of pairs) {
    const existing = grouped[name];
    grouped[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return { ...grouped };
}

export default function urlParse(input: UrlParseInput) {
  const base = input.base === undefined ? null : parseUrl(input.base);
  if (input.base !== undefined && base === null) return { valid: false, error: `Invalid base URL: ${input.base}` };
  const url = parseUrl(input.url, base);
  if (url === null) return { valid: false, error: `Invalid URL: ${input.url}` };
  const pairs = parseFormUrlencoded(url.query ?? '');
  const port = url.port === null ? '' : String(url.port);
  return {
    valid: true,
    href: serializeUrl(url),
    origin: serializeOrigin(url),
    protocol: `${url.scheme}:`,
    username: url.username,
    password: url.password,
    host: (url.host ?? '') + (port === '' ? '' : `:${port}`),
    hostname: url.host ?? '',
    host_type: hostType(url),
    port,
    effective_port: url.port ?? SPECIAL_SCHEMES[url.scheme] ?? null,
    pathname: serializePath(url),
    path_segments: Array.isArray(url.path) ? url.path.filter((s) => s !== '').map(percentDecode) : [],
    search: url.query ? `?${url.query}` : '',
    hash: url.fragment ? `#${url.fragment}` : '',
    query: groupQuery(pairs),
    query_pairs: pairs.map(([name, value]) => ({ name, value })),
  };
}
