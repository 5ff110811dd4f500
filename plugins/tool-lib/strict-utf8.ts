/** The text the bytes encode, byte order mark included; null when they are not UTF-8, so binary data is never mangled. */
export function strictUtf8Decode(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
