/**
 * Base64 (RFC 4648 §4) and base64url (§5) to bytes and back, on top of the sandbox's `atob` and
 * `btoa`, which speak only the standard alphabet and strings of Latin-1 characters.
 */

/** Either alphabet (even mixed), padding optional, whitespace ignored; null when the text is not Base64. */
export function bytesFromBase64(text: string): Uint8Array | null {
  const standard = text
    .replace(/\s+/g, '')
    .replace(/={1,2}$/, '')
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  let binary: string;
  try {
    binary = atob(standard);
  } catch {
    return null;
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function base64FromBytes(bytes: Uint8Array, options: { urlSafe?: boolean; padding?: boolean } = {}): string {
  let binary = '';
  // Spread in slices: one argument per byte of a large file would overflow the call stack.
  for (let i = 0; i < bytes.length; i += 8192) binary += String.fromCharCode(...bytes.subarray(i, i + 8192));
  const encoded = btoa(binary);
  const alphabet = options.urlSafe ? encoded.replace(/\+/g, '-').replace(/\//g, '_') : encoded;
  return (options.padding ?? true) ? alphabet : alphabet.replace(/=+$/, '');
}
