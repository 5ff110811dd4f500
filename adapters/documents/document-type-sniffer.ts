import { UploadedDocumentTypeError } from '../../core/domain/knowledge/knowledge-upload.errors';
import { DocumentFile } from '../../core/ports/document-text-extractor.port';
import { decodeStrictly, decodeText, looksLikeText } from './text-decoding';
import { readZipDirectory } from './zip-directory';

/** What a file is by its content, with what its extraction needs. */
export type SniffedDocument =
  { kind: 'pdf' } | { kind: 'docx'; expandedBytes: number } | { kind: 'html'; html: string } | { kind: 'text'; text: string; markdown: boolean };

/** Readers (Acrobat, pdf.js) accept a `%PDF-` header anywhere in the first kilobyte. */
const PDF_HEADER_WINDOW = 1024;
const HTML_SNIFF_CHARS = 1024;
const MARKDOWN_EXTENSIONS = ['.md', '.markdown', '.mdown', '.mkd'];
const MARKDOWN_TYPES = ['text/markdown', 'text/x-markdown'];

/**
 * Decides the type from the bytes, never from the name alone: a PDF or DOCX is one whatever it
 * is called, and anything else must be valid text (or HTML) to be accepted. The name and the
 * declared type only tell Markdown from plain text.
 */
export function sniffDocument(file: DocumentFile): SniffedDocument {
  const { bytes } = file;
  if (hasPdfHeader(bytes)) return { kind: 'pdf' };
  if (startsWithBytes(bytes, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(bytes);
  if (startsWithBytes(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    throw new UploadedDocumentTypeError('a legacy Office (.doc, .xls) or password-protected Office file');
  }
  const text = decodeText(bytes) ?? decodeHtmlByDeclaredCharset(bytes);
  if (text === undefined || !looksLikeText(text)) throw new UploadedDocumentTypeError('binary content that is not text (UTF-8 or UTF-16)');
  if (looksLikeHtml(text)) return { kind: 'html', html: text };
  return { kind: 'text', text, markdown: isMarkdown(file) };
}

function sniffZip(bytes: Uint8Array): SniffedDocument {
  const entries = readZipDirectory(bytes);
  if (!entries?.some((entry) => entry.name === 'word/document.xml')) {
    throw new UploadedDocumentTypeError('a ZIP archive that is not a Word (DOCX) document');
  }
  return { kind: 'docx', expandedBytes: entries.reduce((sum, entry) => sum + entry.uncompressedBytes, 0) };
}

function hasPdfHeader(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, PDF_HEADER_WINDOW);
  return Buffer.from(window.buffer, window.byteOffset, window.byteLength).includes('%PDF-', 0, 'latin1');
}

/** `<!doctype html`, `<html`, `<head` or `<body` in a first kilobyte that starts with a tag. */
export function looksLikeHtml(text: string): boolean {
  const head = text
    .slice(0, HTML_SNIFF_CHARS)
    .replace(/^[\s\uFEFF]+/, '')
    .toLowerCase();
  return head.startsWith('<') && /<!doctype html|<(html|head|body)[\s>]/.test(head);
}

/** A page in a legacy encoding says so in a `<meta charset>` (or `http-equiv`) near the start. */
function decodeHtmlByDeclaredCharset(bytes: Uint8Array): string | undefined {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, HTML_SNIFF_CHARS)).toString('latin1');
  if (!looksLikeHtml(head)) return undefined;
  const charset = /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  return charset === undefined ? undefined : decodeStrictly(charset, bytes);
}

function isMarkdown(file: DocumentFile): boolean {
  const name = file.filename?.toLowerCase() ?? '';
  const declared = file.declaredType?.split(';')[0].trim().toLowerCase() ?? '';
  return MARKDOWN_EXTENSIONS.some((extension) => name.endsWith(extension)) || MARKDOWN_TYPES.includes(declared);
}

function startsWithBytes(bytes: Uint8Array, prefix: ReadonlyArray<number>): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}
