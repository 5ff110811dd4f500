/** Standard base64 (RFC 4648 §4), padding optional; whitespace (line breaks) is ignored. */
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const CHUNK = 0x8000;

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let start = 0; start < bytes.length; start += CHUNK) binary += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  return btoa(binary);
}

/** Undefined when `text` is not base64. */
export function base64ToBytes(text: string): Uint8Array | undefined {
  const compact = text.replace(/\s+/g, '');
  if (!BASE64.test(compact) || compact.replace(/=+$/, '').length % 4 === 1) return undefined;
  const binary = atob(compact.padEnd(Math.ceil(compact.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
