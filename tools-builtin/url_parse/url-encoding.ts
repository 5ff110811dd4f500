/**
 * Percent-encoding as the WHATWG URL Standard defines it (over UTF-8), for the sandbox, which
 * has no URL or URLSearchParams.
 */

export type EncodeSet = (codePoint: number) => boolean;

const inC0ControlSet: EncodeSet = (c) => c < 0x20 || c > 0x7e;
const inFragmentSet: EncodeSet = (c) => inC0ControlSet(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
const inQuerySet: EncodeSet = (c) => inC0ControlSet(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
const inSpecialQuerySet: EncodeSet = (c) => inQuerySet(c) || c === 0x27;
// Node 20's parser (Ada 2.9) follows the edition of the standard without U+005E (^) in this set.
const inPathSet: EncodeSet = (c) => inQuerySet(c) || c === 0x3f || c === 0x60 || c === 0x7b || c === 0x7d;
const inUserinfoSet: EncodeSet = (c) =>
  inPathSet(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d || c === 0x40 || (c >= 0x5b && c <= 0x5e) || c === 0x7c;

export const ENCODE_SETS = {
  c0Control: inC0ControlSet,
  fragment: inFragmentSet,
  query: inQuerySet,
  specialQuery: inSpecialQuerySet,
  path: inPathSet,
  userinfo: inUserinfoSet,
} as const;

/** UTF-8 bytes of a string; lone surrogates become U+FFFD. */
export function utf8Encode(text: string): number[] {
  return Array.from(new TextEncoder().encode(text));
}

/** Decodes UTF-8 bytes, replacing each malformed sequence with U+FFFD. */
export function utf8Decode(bytes: ArrayLike<number>): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(Uint8Array.from(bytes));
}

const HEX = '0123456789ABCDEF';

function percentByte(byte: number): string {
  return `%${HEX[byte >> 4]}${HEX[byte & 0xf]}`;
}

/** UTF-8 percent-encodes every code point of `text` that is in `set`. */
export function percentEncode(text: string, set: EncodeSet): string {
  let out = '';
  for (const char of text) {
    const c = char.codePointAt(0) as number;
    out += set(c) ? utf8Encode(char).map(percentByte).join('') : char;
  }
  return out;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** Percent-decodes to bytes; a `%` not followed by two hex digits stays as it is. */
export function percentDecodeBytes(text: string): number[] {
  const input = utf8Encode(text);
  const out: number[] = [];
  for (let i = 0; i < input.length; i++) {
    const high = input[i] === 0x25 && i + 2 < input.length ? hexValue(input[i + 1]) : -1;
    const low = high >= 0 ? hexValue(input[i + 2]) : -1;
    if (low >= 0) {
      out.push(high * 16 + low);
      i += 2;
    } else {
      out.push(input[i]);
    }
  }
  return out;
}

export function percentDecode(text: string): string {
  return utf8Decode(percentDecodeBytes(text));
}

/** The application/x-www-form-urlencoded parser (what URLSearchParams does with a query). */
export function parseFormUrlencoded(query: string): Array<[string, string]> {
  const pairs: Array<[string, string]> = [];
  for (const sequence of query.split('&')) {
    if (sequence === '') continue;
    const eq = sequence.indexOf('=');
    const name = eq === -1 ? sequence : sequence.slice(0, eq);
    const value = eq === -1 ? '' : sequence.slice(eq + 1);
    pairs.push([percentDecode(name.replace(/\+/g, ' ')), percentDecode(value.replace(/\+/g, ' '))]);
  }
  return pairs;
}

const FORM_SAFE = /[A-Za-z0-9*\-._]/;

/** The application/x-www-form-urlencoded serializer (spaces as `+`), e.g. for building a search query. */
export function serializeFormUrlencoded(pairs: ReadonlyArray<readonly [string, string]>): string {
  const encode = (text: string): string =>
    Array.from(text)
      .map((char) => (char === ' ' ? '+' : FORM_SAFE.test(char) ? char : utf8Encode(char).map(percentByte).join('')))
      .join('');
  return pairs.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}
