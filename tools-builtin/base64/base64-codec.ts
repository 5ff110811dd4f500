const STANDARD = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DECODE = new Map<string, number>([...STANDARD].map((character, index) => [character, index]));
URL_SAFE.slice(62).split('').forEach((character, index) => DECODE.set(character, 62 + index));

/** RFC 4648 §4 (standard) or §5 (URL- and file-name-safe alphabet). */
export function base64Encode(bytes: Uint8Array, urlSafe: boolean, padding: boolean): string {
  const alphabet = urlSafe ? URL_SAFE : STANDARD;
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const present = Math.min(3, bytes.length - i) + 1;
    for (let k = 0; k < 4; k += 1) out += k < present ? alphabet[(chunk >> (18 - 6 * k)) & 63] : padding ? '=' : '';
  }
  return out;
}

/** Either alphabet, with or without padding, whitespace ignored; null when the text is not base64. */
export function base64Decode(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '').replace(/={1,2}$/, '');
  if (clean.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let length = 0;
  for (const character of clean) {
    const value = DECODE.get(character);
    if (value === undefined) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[length++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}

export function hexEncode(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function hexDecode(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(clean)) return null;
  return Uint8Array.from(clean.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}
