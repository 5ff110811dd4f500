import { bytesFromBase64 } from '../../plugins/tool-lib/base64';
import { strictUtf8Decode } from '../../plugins/tool-lib/strict-utf8';

/** base64url (RFC 4648 §5, padding optional) to UTF-8 text; null when either step fails. */
export function decodeBase64UrlText(segment: string): string | null {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(segment)) return null;
  const bytes = bytesFromBase64(segment);
  return bytes && strictUtf8Decode(bytes);
}
