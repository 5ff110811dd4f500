/** File, path, query and fragment states of the WHATWG basic URL parser. */
import { ENCODE_SETS, percentEncode } from './url-encoding';
import { parseHost } from './url-host';
import {
  copyFromBase, isDriveLetter, isNormalizedDriveLetter, isSpecial, ParserState, shortenPath, startQueryOrFragment,
  startsWithDriveLetter, State, StateHandler,
} from './url-record';

const isSingleDot = (s: string): boolean => s === '.' || s.toLowerCase() === '%2e';
const isDoubleDot = (s: string): boolean => ['..', '.%2e', '%2e.', '%2e%2e'].includes(s.toLowerCase());

const moveTo = (s: ParserState, state: State, back = false): true => {
  s.state = state;
  if (back) s.p -= 1;
  return true;
};

export const PATH_STATES: Partial<Record<State, StateHandler>> = {
  file(s, c) {
    s.url.scheme = 'file';
    s.url.host = '';
    if (c === '/' || c === '\\') return moveTo(s, 'fileSlash');
    if (!s.base || s.base.scheme !== 'file') return moveTo(s, 'path', true);
    s.url.host = s.base.host;
    copyFromBase(s.url, s.base, ['path', 'query']);
    if (startQueryOrFragment(s, c) || c === undefined) return true;
    s.url.query = null;
    if (!startsWithDriveLetter(s.cps, s.p)) shortenPath(s.url);
    else s.url.path = [];
    return moveTo(s, 'path', true);
  },
  fileSlash(s, c) {
    if (c === '/' || c === '\\') return moveTo(s, 'fileHost');
    if (s.base && s.base.scheme === 'file') {
      s.url.host = s.base.host;
      const basePath = s.base.path as string[];
      if (!startsWithDriveLetter(s.cps, s.p) && basePath.length > 0 && isNormalizedDriveLetter(basePath[0])) {
        (s.url.path as string[]).push(basePath[0]);
      }
    }
    return moveTo(s, 'path', true);
  },
  fileHost(s, c) {
    if (c !== undefined && !'/\\?#'.includes(c)) {
      s.buffer += c;
      return true;
    }
    s.p -= 1;
    if (isDriveLetter(s.buffer)) return moveTo(s, 'path');
    if (s.buffer !== '') {
      const host = parseHost(s.buffer, false);
      if (host === null) return false;
      s.url.host = host === 'localhost' ? '' : host;
      s.buffer = '';
    } else {
      s.url.host = '';
    }
    return moveTo(s, 'pathStart');
  },
  pathStart(s, c) {
    if (isSpecial(s.url)) return moveTo(s, 'path', c !== '/' && c !== '\\');
    if (startQueryOrFragment(s, c) || c === undefined) return true;
    return moveTo(s, 'path', c !== '/');
  },
  path(s, c) {
    const slash = c === '/' || (isSpecial(s.url) && c === '\\');
    if (c !== undefined && !slash && c !== '?' && c !== '#') {
      s.buffer += percentEncode(c, ENCODE_SETS.path);
      return true;
    }
    const path = s.url.path as string[];
    if (isDoubleDot(s.buffer)) {
      shortenPath(s.url);
      if (!slash) path.push('');
    } else if (isSingleDot(s.buffer) && !slash) {
      path.push('');
    } else if (!isSingleDot(s.buffer)) {
      if (s.url.scheme === 'file' && path.length === 0 && isDriveLetter(s.buffer)) s.buffer = `${s.buffer[0]}:`;
      path.push(s.buffer);
    }
    s.buffer = '';
    startQueryOrFragment(s, c);
    return true;
  },
  opaquePath(s, c) {
    if (!startQueryOrFragment(s, c) && c !== undefined) s.url.path += percentEncode(c, ENCODE_SETS.c0Control);
    return true;
  },
  query(s, c) {
    if (c !== undefined && c !== '#') {
      s.buffer += c;
      return true;
    }
    s.url.query += percentEncode(s.buffer, isSpecial(s.url) ? ENCODE_SETS.specialQuery : ENCODE_SETS.query);
    s.buffer = '';
    startQueryOrFragment(s, c);
    return true;
  },
  fragment(s, c) {
    if (c !== undefined) s.url.fragment += percentEncode(c, ENCODE_SETS.fragment);
    return true;
  },
};
