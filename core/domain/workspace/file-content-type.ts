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

/** The type of a stored file for a preview: the accepted type its name and content agree on, else `text` or `binary`. */
export function contentTypeOf(fileName: string, data: Uint8Array): FileContentType {
  const claimed = EXTENSIONS[extensionOf(fileName)];
  if (claimed !== undefined && contentIs(claimed, data)) return claimed;
  return textOf(data) === undefined ? 'binary' : 'text';
}

/** The bytes as text: valid UTF-8 without a NUL byte (a binary file often decodes, but holds NULs); else undefined. */
export function textOf(data: Uint8Array): string | undefined {
  if (data.includes(0)) return undefined;
  try {
    return utf8.decode(data);
  } catch {
    return undefined;
  }
}

function contentIs(type: UploadType, data: Uint8Array): boolean {
  if (type === 'pdf' || type === 'png' || type === 'jpeg') return SIGNATURES[type].every((byte, i) => data[i] === byte);
  const text = textOf(data);
  if (text === undefined) return false;
  return type !== 'json' || parses(text);
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
