import { strFromU8 } from 'fflate';

/** UTF-8 (BOM dropped) when the bytes are valid UTF-8, else Latin-1 (what Excel's "CSV" often is). */
export function bytesToText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return strFromU8(bytes, true);
  }
}
