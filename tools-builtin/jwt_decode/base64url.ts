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

/** Strict UTF-8 (the WHATWG decoder's fatal mode). */
function utf8Decode(bytes: Uint8Array): string | null {
  let text = '';
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i];
    const length = lead < 0x80 ? 1 : lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return null;
    let code = length === 1 ? lead : lead & (0xff >> (length + 1));
    for (let k = 1; k < length; k += 1) {
      const next = bytes[i + k];
      if ((next & 0xc0) !== 0x80) return null;
      code = (code << 6) | (next & 0x3f);
    }
    const minimum = [0, 0, 0x80, 0x800, 0x10000][length];
    if (code < minimum || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return null;
    text += String.fromCodePoint(code);
    i += length;
  }
  return text;
}
