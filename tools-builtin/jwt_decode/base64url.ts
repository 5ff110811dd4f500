import { utf8Decode } from '../../plugins/tool-lib/utf8';

/** base64url (RFC 4648 §5, padding optional) to UTF-8 text; null when either step fails. No TextDecoder in isolates. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export function decodeBase64UrlText(segment: string): string | null {
  const bytes = base64UrlBytes(segment);
  return bytes && utf8Decode(bytes);
}

function base64UrlBytes(segment: string): Uint8Array | null {
  const clean = segment.replace(/=+$/, '');
  if (clean.length % 4 === 1) return null;
  const bytes = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let length = 0;
  for (const character of clean) {
    const value = ALPHABET.indexOf(character);
    if (value === -1) return null;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes[length++] = (buffer >> bits) & 0xff;
    }
  }
  return bytes;
}
