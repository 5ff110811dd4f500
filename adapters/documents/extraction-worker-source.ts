/** Where the worker finds its parsers: absolute paths resolved by the host (ESM ones as file URLs). */
export interface ExtractionWorkerModules {
  pdfjs: string;
  pdfjsWorker: string;
  mammoth: string;
  htmlToText: string;
}

export type ExtractionJob =
  | { kind: 'pdf'; bytes: Uint8Array; maxPages: number; maxChars: number }
  | { kind: 'docx'; bytes: Uint8Array; maxChars: number }
  | { kind: 'html'; html: string; maxChars: number };

export interface ExtractionWorkerData {
  job: ExtractionJob;
  modules: ExtractionWorkerModules;
}

/** `failed` carries a reason for the user; `too_long` means the text passed `maxChars`. */
export type ExtractionAnswer = { ok: true; text: string; pages?: number } | { ok: false; failed: string } | { ok: false; tooLong: true };

/**
 * The worker thread's program, evaluated (`eval: true`) so that nothing but this module has to
 * exist next to the compiled code, and so that the `import()` of pdf.js (ESM only) is not
 * rewritten into a `require` by the CommonJS build. pdf.js runs its own "worker" in this thread
 * (`globalThis.pdfjsWorker`), without eval, font faces or system fonts.
 */
export const EXTRACTION_WORKER_SOURCE = String.raw`
'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const { job, modules } = workerData;
const MAX_REASON = 200;

class TooLong extends Error {}

function collector(maxChars) {
  const parts = [];
  let length = 0;
  return {
    add(text) {
      length += text.length + 2;
      if (length > maxChars + 2) throw new TooLong();
      parts.push(text);
    },
    text() {
      return parts.join('\n\n');
    },
  };
}

function tidy(text) {
  return text.replace(/\r\n?/g, '\n').replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
}

function pdfReason(error) {
  switch (error && error.name) {
    case 'PasswordException':
      return 'the PDF is encrypted with a password';
    case 'InvalidPDFException':
      return 'the PDF is corrupt or incomplete';
    default:
      return 'the PDF could not be read (' + String((error && error.message) || error).slice(0, MAX_REASON) + ')';
  }
}

async function pdf() {
  globalThis.pdfjsWorker = await import(modules.pdfjsWorker);
  const pdfjs = await import(modules.pdfjs);
  let document;
  try {
    document = await pdfjs.getDocument({
      data: job.bytes,
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      useWorkerFetch: false,
      isOffscreenCanvasSupported: false,
      verbosity: 0,
    }).promise;
  } catch (error) {
    return { ok: false, failed: pdfReason(error) };
  }
  try {
    if (document.numPages > job.maxPages) return { ok: false, failed: 'the PDF has ' + document.numPages + ' pages, more than the ' + job.maxPages + ' accepted' };
    const pages = collector(job.maxChars);
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const text = tidy(content.items.map((item) => (item.str || '') + (item.hasEOL ? '\n' : '')).join(''));
      if (text) pages.add(text);
      page.cleanup();
    }
    const text = pages.text();
    if (!text) return { ok: false, failed: 'the PDF has no text layer (scanned pages need OCR first)' };
    return { ok: true, text, pages: document.numPages };
  } catch (error) {
    if (error instanceof TooLong) throw error;
    return { ok: false, failed: pdfReason(error) };
  } finally {
    await document.destroy();
  }
}

async function docx() {
  const mammoth = require(modules.mammoth);
  let result;
  try {
    result = await mammoth.extractRawText({ buffer: Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength) });
  } catch (error) {
    return { ok: false, failed: 'the DOCX is corrupt (' + String((error && error.message) || error).slice(0, MAX_REASON) + ')' };
  }
  const text = tidy(result.value);
  collector(job.maxChars).add(text);
  return text ? { ok: true, text } : { ok: false, failed: 'the DOCX holds no text' };
}

function heading(element, walk, builder, options) {
  builder.openBlock({ leadingLineBreaks: 2 });
  builder.addLiteral('#'.repeat(options.level) + ' ');
  walk(element.children, builder);
  builder.closeBlock({ trailingLineBreaks: 2 });
}

function html() {
  const { convert } = require(modules.htmlToText);
  const text = tidy(
    convert(job.html, {
      wordwrap: false,
      formatters: { heading },
      selectors: [
        { selector: 'a', options: { ignoreHref: true } },
        { selector: 'img', format: 'skip' },
        { selector: 'noscript', format: 'skip' },
        { selector: 'table', format: 'dataTable', options: { uppercaseHeaderCells: false } },
        ...[1, 2, 3, 4, 5, 6].map((level) => ({ selector: 'h' + level, format: 'heading', options: { level } })),
      ],
    }),
  );
  collector(job.maxChars).add(text);
  return text ? { ok: true, text } : { ok: false, failed: 'the page holds no text' };
}

const extractors = { pdf, docx, html };
Promise.resolve()
  .then(() => extractors[job.kind]())
  .catch((error) => {
    if (error instanceof TooLong) return { ok: false, tooLong: true };
    if (error instanceof RangeError) return { ok: false, failed: 'the document is too complex (' + String(error.message).slice(0, MAX_REASON) + ')' };
    return { ok: false, failed: 'the extractor failed (' + String((error && error.message) || error).slice(0, MAX_REASON) + ')' };
  })
  .then((answer) => parentPort.postMessage(answer));
`;
