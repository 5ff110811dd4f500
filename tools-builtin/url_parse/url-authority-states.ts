/** Scheme, relative-reference and authority states of the WHATWG basic URL parser. */
import { ENCODE_SETS, percentEncode } from './url-encoding';
import { parseHost } from './url-host';
import { copyFromBase, isSpecial, ParserState, shortenPath, SPECIAL_SCHEMES, startQueryOrFragment, State, StateHandler } from './url-record';

const endsAuthority = (s: ParserState, c: string | undefined): boolean =>
  c === undefined || c === '/' || c === '?' || c === '#' || (isSpecial(s.url) && c === '\\');

const moveTo = (s: ParserState, state: State, back = false): true => {
  s.state = state;
  if (back) s.p -= 1;
  return true;
};

export const AUTHORITY_STATES: Partial<Record<State, StateHandler>> = {
  schemeStart(s, c) {
    if (c === undefined || !/^[A-Za-z]$/.test(c)) return moveTo(s, 'noScheme', true);
    s.buffer += c.toLowerCase();
    return moveTo(s, 'scheme');
  },
  scheme(s, c) {
    if (c !== undefined && /^[A-Za-z0-9+\-.]$/.test(c)) {
      s.buffer += c.toLowerCase();
      return true;
    }
    if (c !== ':') {
      s.buffer = '';
      s.p = -1; // start over without a scheme
      return moveTo(s, 'noScheme');
    }
    s.url.scheme = s.buffer;
    s.buffer = '';
    if (s.url.scheme === 'file') return moveTo(s, 'file');
    if (isSpecial(s.url)) return moveTo(s, s.base && s.base.scheme === s.url.scheme ? 'specialRelativeOrAuthority' : 'specialAuthoritySlashes');
    if (s.cps[s.p + 1] === '/') {
      s.p += 1;
      return moveTo(s, 'pathOrAuthority');
    }
    s.url.path = '';
    return moveTo(s, 'opaquePath');
  },
  noScheme(s, c) {
    const base = s.base;
    if (!base || (typeof base.path === 'string' && c !== '#')) return false;
    if (typeof base.path === 'string') {
      s.url.scheme = base.scheme;
      copyFromBase(s.url, base, ['path', 'query']);
      s.url.fragment = '';
      return moveTo(s, 'fragment');
    }
    return moveTo(s, base.scheme === 'file' ? 'file' : 'relative', true);
  },
  specialRelativeOrAuthority(s, c) {
    if (c === '/' && s.cps[s.p + 1] === '/') {
      s.p += 1;
      return moveTo(s, 'specialAuthorityIgnoreSlashes');
    }
    return moveTo(s, 'relative', true);
  },
  pathOrAuthority(s, c) {
    return c === '/' ? moveTo(s, 'authority') : moveTo(s, 'path', true);
  },
  relative(s, c) {
    const base = s.base as NonNullable<ParserState['base']>;
    s.url.scheme = base.scheme;
    if (c === '/' || (isSpecial(s.url) && c === '\\')) return moveTo(s, 'relativeSlash');
    copyFromBase(s.url, base, ['auth', 'path', 'query']);
    if (startQueryOrFragment(s, c) || c === undefined) return true;
    s.url.query = null;
    shortenPath(s.url);
    return moveTo(s, 'path', true);
  },
  relativeSlash(s, c) {
    if (isSpecial(s.url) && (c === '/' || c === '\\')) return moveTo(s, 'specialAuthorityIgnoreSlashes');
    if (c === '/') return moveTo(s, 'authority');
    copyFromBase(s.url, s.base as NonNullable<ParserState['base']>, ['auth']);
    return moveTo(s, 'path', true);
  },
  specialAuthoritySlashes(s, c) {
    if (c === '/' && s.cps[s.p + 1] === '/') {
      s.p += 1;
      return moveTo(s, 'specialAuthorityIgnoreSlashes');
    }
    return moveTo(s, 'specialAuthorityIgnoreSlashes', true);
  },
  specialAuthorityIgnoreSlashes(s, c) {
    return c === '/' || c === '\\' ? true : moveTo(s, 'authority', true);
  },
  authority(s, c) {
    if (c === '@') {
      if (s.atSignSeen) s.buffer = `%40${s.buffer}`;
      s.atSignSeen = true;
      for (const ch of s.buffer) {
        if (ch === ':' && !s.passwordTokenSeen) {
          s.passwordTokenSeen = true;
          continue;
        }
        const encoded = percentEncode(ch, ENCODE_SETS.userinfo);
        if (s.passwordTokenSeen) s.url.password += encoded;
        else s.url.username += encoded;
      }
      s.buffer = '';
      return true;
    }
    if (!endsAuthority(s, c)) {
      s.buffer += c;
      return true;
    }
    if (s.atSignSeen && s.buffer === '') return false;
    s.p -= Array.from(s.buffer).length + 1;
    s.buffer = '';
    return moveTo(s, 'host');
  },
  host(s, c) {
    const special = isSpecial(s.url);
    if (c === ':' && !s.insideBrackets) {
      if (s.buffer === '') return false;
      s.url.host = parseHost(s.buffer, !special);
      s.buffer = '';
      return s.url.host !== null && moveTo(s, 'port');
    }
    if (endsAuthority(s, c)) {
      s.p -= 1;
      if (special && s.buffer === '') return false;
      s.url.host = parseHost(s.buffer, !special);
      s.buffer = '';
      return s.url.host !== null && moveTo(s, 'pathStart');
    }
    if (c === '[') s.insideBrackets = true;
    if (c === ']') s.insideBrackets = false;
    s.buffer += c;
    return true;
  },
  port(s, c) {
    if (c !== undefined && /^[0-9]$/.test(c)) {
      s.buffer += c;
      return true;
    }
    if (!endsAuthority(s, c)) return false;
    if (s.buffer !== '') {
      const port = parseInt(s.buffer, 10);
      if (port > 65535) return false;
      s.url.port = SPECIAL_SCHEMES[s.url.scheme] === port ? null : port;
      s.buffer = '';
    }
    return moveTo(s, 'pathStart', true);
  },
};
