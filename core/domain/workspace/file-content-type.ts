import { UploadTypeRefusedError } from './workspace.errors';

/** What an upload may be (docs/workflows.md "Uploads and the workspace"). */
export const UPLOAD_TYPES = ['txt', 'md', 'csv', 'json', 'pdf', 'png', 'jpeg'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** What a preview reports: an accepted type, or for any other file plain `text` or `binary`. */
export type FileContentType = UploadType | 'text' | 'binary';

const EXTENSIONS: Record<string, UploadType> = {
  txt: 'txt',
  text: 'txt',
  md: 'md',
  markdown: 'md',
  csv: 'csv',
  json: 'json',
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
};

/** Leading bytes of each binary type ("magic numbers"). */
const SIGNATURES: Record<'pdf' | 'png' | 'jpeg', ReadonlyArray<number>> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff],
};

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The type of an upload, decided by its content: the extension names the type it claims, and
 * the bytes must be that type (a PDF, PNG or JPEG signature; for text types valid UTF-8 with
 * no NUL byte, and for JSON a document that parses). Anything else is `UploadTypeRefusedError`.
 */
export function uploadTypeOf(fileName: string, data: Uint8Array): UploadType {
  const claimed = EXTENSIONS[extensionOf(fileName)];
  if (claimed === undefined) throw new UploadTypeRefusedError(`Only ${UPLOAD_TYPES.join(', ')} files are accepted (by extension and content)`);
  if (!contentIs(claimed, data)) throw new UploadTypeRefusedError(`The file's content is not ${claimed}`);
  return claimed;
}

/**
 * The type of a stored file for a preview, from its first bytes (`whole` when they are all of it):
 * the accepted type its name and content agree on, else `text` or `binary`. Of a cut JSON file
 * only the text is checked, as parsing needs the whole document.
 */
export function contentTypeOf(fileName: string, data: Uint8Array, whole = true): FileContentType {
  const claimed = EXTENSIONS[extensionOf(fileName)];
  if (claimed !== undefined && contentIs(claimed, data, whole)) return claimed;
  return textOf(data, whole) === undefined ? 'binary' : 'text';
}

/**
 * The bytes as text: valid UTF-8 without a NUL byte (a binary file often decodes, but holds NULs);
 * else undefined. Of the first bytes of a file (`whole` false), a character the cut split is dropped.
 */
export function textOf(data: Uint8Array, whole = true): string | undefined {
  const complete = whole ? data : withoutSplitCharacter(data);
  if (complete.includes(0)) return undefined;
  try {
    return utf8.decode(complete);
  } catch {
    return undefined;
  }
}

/** Drops a last UTF-8 sequence that is missing its last bytes (a character is at most 4 bytes). */
function withoutSplitCharacter(data: Uint8Array): Uint8Array {
  let start = data.length - 1;
  while (start >= 0 && data.length - start < 4 && (data[start] & 0xc0) === 0x80) start -= 1;
  if (start < 0) return data;
  const lead = data[start];
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return data.length - start < length ? data.subarray(0, start) : data;
}

function contentIs(type: UploadType, data: Uint8Array, whole = true): boolean {
  if (type === 'pdf' || type === 'png' || type === 'jpeg') return SIGNATURES[type].every((byte, i) => data[i] === byte);
  const text = textOf(data, whole);
  if (text === undefined) return false;
  return type !== 'json' || !whole || parses(text);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot <= 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}
