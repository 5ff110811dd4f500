/** Lower-case hex of the bytes, two digits each. */
export function hexFromBytes(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Pairs of hex digits (either case, whitespace ignored); null for an odd count or a non-hex digit. */
export function bytesFromHex(text: string): Uint8Array | null {
  const clean = text.replace(/\s+/g, '');
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(clean)) return null;
  return Uint8Array.from(clean.match(/../g) ?? [], (pair) => parseInt(pair, 16));
}
