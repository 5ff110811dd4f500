/** Bytes in the sandbox (no atob, no TextDecoder): base64 → bytes, bytes → text. */
import { strFromU8 } from 'fflate';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;
LOOKUP['-'.charCodeAt(0)] = 62; // base64url too
LOOKUP['_'.charCodeAt(0)] = 63;

export function base64ToBytes(base64: string): Uint8Array {
  const clean = base64.replace(/[\s=]+/g, '');
  const out = new Uint8Array(Math.floor((clean.length * 3) / 4));
  let bits = 0;
  let value = 0;
  let o = 0;
  for (let i = 0; i < clean.length; i++) {
    const code = clean.charCodeAt(i);
    const v = code < 128 ? LOOKUP[code] : -1;
    if (v < 0) throw new Error('The file content is not valid base64.');
    value = (value << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (value >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

function isValidUtf8(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i];
    const extra = b < 0x80 ? 0 : b >= 0xc2 && b < 0xe0 ? 1 : b >= 0xe0 && b < 0xf0 ? 2 : b >= 0xf0 && b < 0xf5 ? 3 : -1;
    if (extra < 0) return false;
    for (let j = 1; j <= extra; j++) if ((bytes[i + j] & 0xc0) !== 0x80) return false;
    i += extra + 1;
  }
  return true;
}

/** UTF-8 (BOM dropped) when the bytes are valid UTF-8, else Latin-1 (what Excel's "CSV" often is). */
export function bytesToText(bytes: Uint8Array): string {
  const text = strFromU8(bytes, !isValidUtf8(bytes));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
