/** The WHATWG host parser: domains (with IDNA to ASCII), IPv4 in all its legacy forms, IPv6, opaque hosts. */
import { ENCODE_SETS, percentDecode, percentEncode } from './url-encoding';
import { punycodeEncode } from './punycode';

const FORBIDDEN_HOST = new Set([0x00, 0x09, 0x0a, 0x0d, 0x20, 0x23, 0x2f, 0x3a, 0x3c, 0x3e, 0x3f, 0x40, 0x5b, 0x5c, 0x5d, 0x5e, 0x7c]);

function isForbiddenHostCodePoint(c: number): boolean {
  return FORBIDDEN_HOST.has(c);
}

function isForbiddenDomainCodePoint(c: number): boolean {
  return isForbiddenHostCodePoint(c) || c <= 0x1f || c === 0x25 || c === 0x7f;
}

/** Serialised host, or null when the input is not a valid host. */
export function parseHost(input: string, isOpaque: boolean): string | null {
  if (input.startsWith('[')) {
    if (!input.endsWith(']')) return null;
    const pieces = parseIpv6(input.slice(1, -1));
    return pieces ? `[${serializeIpv6(pieces)}]` : null;
  }
  if (isOpaque) {
    if (Array.from(input).some((ch) => isForbiddenHostCodePoint(ch.codePointAt(0) as number))) return null;
    return percentEncode(input, ENCODE_SETS.c0Control);
  }
  const ascii = domainToAscii(percentDecode(input));
  if (ascii === null || Array.from(ascii).some((ch) => isForbiddenDomainCodePoint(ch.codePointAt(0) as number))) return null;
  if (endsInANumber(ascii)) {
    const address = parseIpv4(ascii);
    return address === null ? null : serializeIpv4(address);
  }
  return ascii;
}

/**
 * UTS #46 processing approximated with NFKC + lower case (full mapping tables do not fit a tool
 * bundle); non-ASCII labels become `xn--` Punycode. Exact for ASCII hosts, which is nearly all of them.
 */
function domainToAscii(domain: string): string | null {
  // eslint-disable-next-line no-control-regex
  const mapped = /^[\x00-\x7f]*$/.test(domain) ? domain.toLowerCase() : domain.normalize('NFKC').toLowerCase().replace(/[\u3002\uff0e\uff61]/g, '.');
  try {
    const ascii = mapped
      .split('.')
      // eslint-disable-next-line no-control-regex
      .map((label) => (/^[\x00-\x7f]*$/.test(label) ? label : `xn--${punycodeEncode(label)}`))
      .join('.');
    return ascii === '' ? null : ascii;
  } catch {
    return null;
  }
}

function endsInANumber(host: string): boolean {
  const parts = host.split('.');
  if (parts[parts.length - 1] === '') {
    if (parts.length === 1) return false;
    parts.pop();
  }
  const last = parts[parts.length - 1];
  return /^[0-9]+$/.test(last) || /^0[xX][0-9a-fA-F]*$/.test(last);
}

function parseIpv4Number(part: string): number | null {
  if (part === '') return null;
  let radix = 10;
  let digits = part;
  if (/^0[xX]/.test(part)) {
    radix = 16;
    digits = part.slice(2);
  } else if (part.length > 1 && part.startsWith('0')) {
    radix = 8;
    digits = part.slice(1);
  }
  if (digits === '') return 0;
  const valid = radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  return valid.test(digits) ? parseInt(digits, radix) : null;
}

function parseIpv4(host: string): number | null {
  const parts = host.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIpv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  const last = numbers.pop() as number;
  if (numbers.some((n) => n > 255) || last >= 256 ** (4 - numbers.length)) return null;
  return numbers.reduce((sum, n, i) => sum + n * 256 ** (3 - i), last);
}

function serializeIpv4(address: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join('.');
}

/** The standard's IPv6 parser, including an embedded IPv4 tail; null on any error. */
function parseIpv6(input: string): number[] | null {
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  const c = Array.from(input);
  let pieceIndex = 0;
  let compress: number | null = null;
  let p = 0;
  const isHex = (ch: string | undefined): boolean => ch !== undefined && /^[0-9a-fA-F]$/.test(ch);
  const isDigit = (ch: string | undefined): boolean => ch !== undefined && /^[0-9]$/.test(ch);
  if (c[p] === ':') {
    if (c[p + 1] !== ':') return null;
    p += 2;
    compress = ++pieceIndex;
  }
  while (p < c.length) {
    if (pieceIndex === 8) return null;
    if (c[p] === ':') {
      if (compress !== null) return null;
      p += 1;
      compress = ++pieceIndex;
      continue;
    }
    let value = 0;
    let length = 0;
    while (length < 4 && isHex(c[p])) {
      value = value * 16 + parseInt(c[p], 16);
      p += 1;
      length += 1;
    }
    if (c[p] === '.') {
      if (length === 0 || pieceIndex > 6) return null;
      p -= length;
      let numbersSeen = 0;
      while (p < c.length) {
        let piece: number | null = null;
        if (numbersSeen > 0) {
          if (c[p] === '.' && numbersSeen < 4) p += 1;
          else return null;
        }
        if (!isDigit(c[p])) return null;
        while (isDigit(c[p])) {
          const n = parseInt(c[p], 10);
          if (piece === 0) return null;
          piece = piece === null ? n : piece * 10 + n;
          if (piece > 255) return null;
          p += 1;
        }
        address[pieceIndex] = address[pieceIndex] * 0x100 + (piece as number);
        numbersSeen += 1;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex += 1;
      }
      if (numbersSeen !== 4) return null;
      break;
    } else if (c[p] === ':') {
      p += 1;
      if (p >= c.length) return null;
    } else if (p < c.length) {
      return null;
    }
    address[pieceIndex++] = value;
  }
  if (compress !== null) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const other = compress + swaps - 1;
      [address[pieceIndex], address[other]] = [address[other], address[pieceIndex]];
      pieceIndex -= 1;
      swaps -= 1;
    }
  } else if (pieceIndex !== 8) {
    return null;
  }
  return address;
}

function serializeIpv6(address: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && address[j] === 0) j += 1;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j === i ? i + 1 : j;
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    if (i === bestStart) {
      out += i === 0 ? '::' : ':';
      i += bestLength - 1;
      continue;
    }
    out += address[i].toString(16) + (i < 7 ? ':' : '');
  }
  return out;
}
