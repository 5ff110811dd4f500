/** The URL record of the WHATWG URL Standard and the parser state its state machine works on. */

export interface UrlRecord {
  scheme: string;
  username: string;
  password: string;
  /** Serialised host; null when the URL has none (`mailto:`), `''` for `file:///`. */
  host: string | null;
  port: number | null;
  /** Segments, or a string for an opaque path (`mailto:a@b`). */
  path: string[] | string;
  query: string | null;
  fragment: string | null;
}

/** Special schemes and their default ports (a null-prototype object: `constructor:` is not special). */
export const SPECIAL_SCHEMES: Readonly<Record<string, number | null>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, number | null>, { ftp: 21, file: null, http: 80, https: 443, ws: 80, wss: 443 }),
);

export type State =
  | 'schemeStart' | 'scheme' | 'noScheme' | 'specialRelativeOrAuthority' | 'pathOrAuthority' | 'relative'
  | 'relativeSlash' | 'specialAuthoritySlashes' | 'specialAuthorityIgnoreSlashes' | 'authority' | 'host'
  | 'port' | 'file' | 'fileSlash' | 'fileHost' | 'pathStart' | 'path' | 'opaquePath' | 'query' | 'fragment';

export interface ParserState {
  url: UrlRecord;
  base: UrlRecord | null;
  /** The input's code points; `cps[p]` undefined is the standard's EOF code point. */
  cps: string[];
  p: number;
  state: State;
  buffer: string;
  atSignSeen: boolean;
  insideBrackets: boolean;
  passwordTokenSeen: boolean;
}

/** One state of the machine, given the current code point; false is "return failure". */
export type StateHandler = (s: ParserState, c: string | undefined) => boolean;

export const isSpecial = (url: UrlRecord): boolean => url.scheme in SPECIAL_SCHEMES;
export const isDriveLetter = (s: string): boolean => /^[A-Za-z][:|]$/.test(s);
export const isNormalizedDriveLetter = (s: string): boolean => /^[A-Za-z]:$/.test(s);

export function startsWithDriveLetter(cps: string[], at: number): boolean {
  return cps.length - at >= 2 && isDriveLetter(cps[at] + cps[at + 1]) && (cps.length - at === 2 || '/\\?#'.includes(cps[at + 2]));
}

export function shortenPath(url: UrlRecord): void {
  const path = url.path as string[];
  if (url.scheme === 'file' && path.length === 1 && isNormalizedDriveLetter(path[0])) return;
  path.pop();
}

export function copyFromBase(url: UrlRecord, base: UrlRecord, what: Array<'auth' | 'path' | 'query'>): void {
  if (what.includes('auth')) Object.assign(url, { username: base.username, password: base.password, host: base.host, port: base.port });
  if (what.includes('path')) url.path = Array.isArray(base.path) ? [...base.path] : base.path;
  if (what.includes('query')) url.query = base.query;
}

/** `?` starts the query, `#` the fragment: shared by several states. */
export function startQueryOrFragment(s: ParserState, c: string | undefined): boolean {
  if (c === '?') {
    s.url.query = '';
    s.state = 'query';
    return true;
  }
  if (c === '#') {
    s.url.fragment = '';
    s.state = 'fragment';
    return true;
  }
  return false;
}
