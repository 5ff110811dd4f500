/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError, workspace } from 'kernel:api';
import { utf16be } from './pdf-cmap';
import { PdfDocument, PdfObject } from './pdf-document';
import { PdfString } from './pdf-lexer';
import { PageTextExtractor } from './pdf-page-text';
import { TextLayout } from './text-layout';

interface PdfExtractTextInput {
  path: string;
  first_page?: number;
  last_page?: number;
  max_chars?: number;
}

const DEFAULT_MAX_CHARS = 100_000;
const PAGE_BREAK = '\n\f\n';

/** A PDF text string: UTF-16BE with a BOM, else PDFDocEncoding (close enough to Latin-1 for titles). */
function textString(value: PdfObject | undefined): string | null {
  if (!(value instanceof PdfString)) return null;
  return value.bytes.startsWith('\u00fe\u00ff') ? utf16be(value.bytes.slice(2)) : value.bytes;
}

export default async function pdfExtractText(input: PdfExtractTextInput) {
  const doc = new PdfDocument(latin1Of(await workspace.read(input.path, { encoding: 'base64' })));
  if (doc.encrypted) throw new ToolError('encrypted_pdf', 'This PDF is encrypted; text extraction of encrypted PDFs is not supported.');
  const pages = doc.pages();
  const first = Math.max(1, input.first_page ?? 1);
  const last = Math.min(pages.length, input.last_page ?? pages.length);
  const maxChars = input.max_chars ?? DEFAULT_MAX_CHARS;
  const extractor = new PageTextExtractor(doc);
  const texts: string[] = [];
  let length = 0;
  for (let number = first; number <= last && length <= maxChars; number++) {
    const page = pages[number - 1];
    const layout = new TextLayout(maxChars - length + 1);
    extractor.run(doc.pageContent(page), page.resources, layout);
    const text = layout.text();
    texts.push(text);
    length += text.length + PAGE_BREAK.length;
  }
  const text = texts.join(PAGE_BREAK);
  const warnings: string[] = [];
  if (extractor.stats.unmapped > 0) warnings.push(`${extractor.stats.unmapped} characters use fonts without a Unicode map and were left out.`);
  if (first > pages.length) warnings.push(`first_page ${first} is past the last page (${pages.length}).`);
  else if (pages.length > 0 && text.trim() === '') warnings.push('No text found: the PDF may be scanned images (OCR is not done here).');
  return {
    path: input.path,
    page_count: pages.length,
    first_page: first,
    last_page: first + texts.length - 1,
    title: textString(doc.info('Title')),
    author: textString(doc.info('Author')),
    text: text.slice(0, maxChars),
    truncated: text.length > maxChars || first + texts.length - 1 < last,
    warnings,
  };
}

/** The file's bytes as one Latin-1 character each, which is what the PDF reader works on (and what atob answers). */
function latin1Of(base64: string): string {
  try {
    return atob(base64);
  } catch {
    throw new ToolError('unreadable_file', 'The file content is not valid base64.');
  }
}
