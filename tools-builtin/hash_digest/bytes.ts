/** Hex and base64 for the hash input and output (isolates have neither TextEncoder nor Buffer). */
export { utf8Encode } from '../../plugins/tool-lib/utf8';

export function hexDecode(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(clean)) return null;
  return Uint8Array.from(clean.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}

export function hexEncode(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function base64Encode(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const chunk = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const present = Math.min(3, bytes.length - i) + 1;
    for (let k = 0; k < 4; k += 1) out += k < present ? BASE64[(chunk >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}
