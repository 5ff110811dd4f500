/**
 * The WHATWG basic URL parser and serializer (url.spec.whatwg.org), in plain ECMAScript because
 * the sandbox has no `URL`. Behaves like Node 20's `URL` (its unit tests compare the two); no
 * state override (setters), since nothing here mutates a URL.
 */
import { AUTHORITY_STATES } from './url-authority-states';
import { PATH_STATES } from './url-path-states';
import { ParserState, SPECIAL_SCHEMES, State, StateHandler, UrlRecord } from './url-record';

export { SPECIAL_SCHEMES } from './url-record';
export type { UrlRecord } from './url-record';

const HANDLERS = { ...AUTHORITY_STATES, ...PATH_STATES } as Record<State, StateHandler>;

/** Parses `input` (against `base` when relative); null when it is not a valid URL. */
export function parseUrl(input: string, base?: UrlRecord | null): UrlRecord | null {
  // eslint-disable-next-line no-control-regex
  const cleaned = input.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  const s: ParserState = {
    url: { scheme: '', username: '', password: '', host: null, port: null, path: [], query: null, fragment: null },
    base: base ?? null,
    cps: Array.from(cleaned),
    p: 0,
    state: 'schemeStart',
    buffer: '',
    atSignSeen: false,
    insideBrackets: false,
    passwordTokenSeen: false,
  };
  for (; s.p <= s.cps.length; s.p++) {
    if (!HANDLERS[s.state](s, s.cps[s.p])) return null;
  }
  return s.url;
}

export function serializePath(url: UrlRecord): string {
  return typeof url.path === 'string' ? url.path : url.path.map((segment) => `/${segment}`).join('');
}

/** The URL serializer (`href`); `excludeFragment` drops `#…`. */
export function serializeUrl(url: UrlRecord, excludeFragment = false): string {
  let out = `${url.scheme}:`;
  if (url.host !== null) {
    out += '//';
    if (url.username !== '' || url.password !== '') {
      out += url.username + (url.password !== '' ? `:${url.password}` : '') + '@';
    }
    out += url.host + (url.port !== null ? `:${url.port}` : '');
  } else if (Array.isArray(url.path) && url.path.length > 1 && url.path[0] === '') {
    out += '/.';
  }
  out += serializePath(url);
  if (url.query !== null) out += `?${url.query}`;
  if (!excludeFragment && url.fragment !== null) out += `#${url.fragment}`;
  return out;
}

/** The ASCII serialisation of the URL's origin, `null` for opaque origins (like `URL#origin`). */
export function serializeOrigin(url: UrlRecord): string {
  if (url.scheme === 'blob') {
    const inner = parseUrl(serializePath(url));
    return inner && (inner.scheme === 'http' || inner.scheme === 'https') ? serializeOrigin(inner) : 'null';
  }
  if (url.scheme === 'file' || !(url.scheme in SPECIAL_SCHEMES)) return 'null';
  return `${url.scheme}://${url.host}${url.port !== null ? `:${url.port}` : ''}`;
}

/** Resolves `href` against `base` like `new URL(href, base).href`; null when either is invalid. */
export function resolveUrl(href: string, base: string): string | null {
  const baseRecord = parseUrl(base);
  if (!baseRecord) return null;
  const url = parseUrl(href, baseRecord);
  return url ? serializeUrl(url) : null;
}
