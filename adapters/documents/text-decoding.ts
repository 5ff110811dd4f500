const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16LE_BOM = [0xff, 0xfe];
const UTF16BE_BOM = [0xfe, 0xff];

/** More control characters than this share of the text makes it binary, whatever it decodes as. */
const MAX_CONTROL_SHARE = 0.01;

/**
 * The text `bytes` hold: UTF-8 (BOM or not) or UTF-16 with a BOM, decoded strictly, without
 * its BOM. Undefined when the bytes are not valid in that encoding.
 */
export function decodeText(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, UTF16LE_BOM)) return decodeStrictly('utf-16le', bytes.subarray(2));
  if (startsWith(bytes, UTF16BE_BOM)) return decodeStrictly('utf-16be', bytes.subarray(2));
  return decodeStrictly('utf-8', startsWith(bytes, UTF8_BOM) ? bytes.subarray(3) : bytes);
}

/** Decodes with a label a page declared (`<meta charset>`); undefined for an unknown label or invalid bytes. */
export function decodeStrictly(label: string, bytes: Uint8Array): string | undefined {
  try {
    // ignoreBOM: the BOM was handled by the caller; a second one is content.
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

/** No NUL, and few control characters besides tab, line feed, carriage return and form feed. */
export function looksLikeText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  let controls = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d && code !== 0x0c) || (code >= 0x7f && code <= 0x9f)) controls += 1;
  }
  return controls <= text.length * MAX_CONTROL_SHARE;
}

function startsWith(bytes: Uint8Array, prefix: ReadonlyArray<number>): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}
