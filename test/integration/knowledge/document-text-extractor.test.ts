import { strToU8, zipSync } from 'fflate';
import { DEFAULT_DOCUMENT_EXTRACTION_LIMITS, DocumentExtractionLimits } from '../../../adapters/documents/document-extraction-limits';
import { SniffingDocumentTextExtractor } from '../../../adapters/documents/sniffing-document-text-extractor';
import { KnowledgeDocumentTooLargeError } from '../../../core/domain/knowledge/knowledge.errors';
import {
  DocumentExtractionFailedError,
  UploadedDocumentTooLargeError,
  UploadedDocumentTypeError,
} from '../../../core/domain/knowledge/knowledge-upload.errors';
import { DocumentFile } from '../../../core/ports/document-text-extractor.port';
import { DEFAULT_KNOWLEDGE_SETTINGS } from '../../../core/services/knowledge/knowledge-settings';
import { buildDocxFixture } from '../../fixtures/knowledge/docx-fixture';
import { buildPdfFixture } from '../../fixtures/knowledge/pdf-fixture';

// Real pdf.js, mammoth and html-to-text in real worker threads, on files built in the test.
describe('SniffingDocumentTextExtractor', () => {
  const extractor = anExtractor();

  function anExtractor(limits: Partial<DocumentExtractionLimits> = {}, settings: { maxUploadBytes?: number; maxDocumentChars?: number } = {}) {
    return new SniffingDocumentTextExtractor({ ...DEFAULT_KNOWLEDGE_SETTINGS, ...settings }, { ...DEFAULT_DOCUMENT_EXTRACTION_LIMITS, ...limits });
  }

  const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

  function manyPages(count: number): string[][] {
    return Array.from({ length: count }, (_, page) =>
      Array.from({ length: 50 }, (_, line) => `Page ${page + 1} line ${line + 1}: the quick brown fox jumps over the lazy dog`),
    );
  }

  async function failure(file: DocumentFile, using = extractor): Promise<unknown> {
    return using.extract(file).then(
      () => {
        throw new Error('the extraction succeeded');
      },
      (error: unknown) => error,
    );
  }

  describe('PDF', () => {
    it('Given a one-page PDF with a product code, Then its text comes out with the page count', async () => {
      const result = await extractor.extract({ bytes: buildPdfFixture([['Datasheet', 'Product code ZX-4471 (rev. 2)']]), filename: 'datasheet.pdf' });

      expect(result).toEqual({ text: 'Datasheet\nProduct code ZX-4471 (rev. 2)', contentType: 'text/plain', sourceType: 'pdf', pages: 1 });
    });

    it('Given a multi-page PDF, Then the pages come in order, separated by a blank line', async () => {
      const pdf = buildPdfFixture([['First page'], ['Second page', 'more'], ['Third page']]);

      const result = await extractor.extract({ bytes: pdf });

      expect(result.text).toBe('First page\n\nSecond page\nmore\n\nThird page');
      expect(result.pages).toBe(3);
    });

    it('Given a PDF named .txt and declared text/plain, Then the content decides: it is read as a PDF', async () => {
      const result = await extractor.extract({ bytes: buildPdfFixture([['ZX-4471']]), filename: 'a.txt', declaredType: 'text/plain' });

      expect(result.sourceType).toBe('pdf');
      expect(result.text).toBe('ZX-4471');
    });

    it('Given a corrupt PDF, Then the extraction fails saying so', async () => {
      const error = await failure({ bytes: utf8('%PDF-1.7\n1 0 obj\n<< /Type /Cat'), filename: 'broken.pdf' });

      expect(error).toBeInstanceOf(DocumentExtractionFailedError);
      expect(error).toMatchObject({ code: 'knowledge_upload.extraction_failed', message: 'The text could not be extracted: the PDF is corrupt or incomplete' });
    });

    it('Given a password-protected PDF, Then the extraction fails saying it is encrypted', async () => {
      const error = await failure({ bytes: buildPdfFixture([['secret']], { passwordProtected: true }) });

      expect(error).toMatchObject({ code: 'knowledge_upload.extraction_failed', why: 'the PDF is encrypted with a password' });
    });

    it('Given a PDF whose pages draw no text (a scan), Then the extraction fails: no text layer', async () => {
      const error = await failure({ bytes: buildPdfFixture([[], []]) });

      expect(error).toMatchObject({ why: 'the PDF has no text layer (scanned pages need OCR first)' });
    });

    it('Given more pages than the cap, Then the PDF is refused', async () => {
      const error = await failure({ bytes: buildPdfFixture([['a'], ['b'], ['c']]) }, anExtractor({ maxPages: 2 }));

      expect(error).toMatchObject({ why: 'the PDF has 3 pages, more than the 2 accepted' });
    });

    it('Given a PDF that outlasts the timeout, Then its worker is terminated, the extraction fails "timed out", and the next one runs', async () => {
      const impatient = anExtractor({ timeoutMs: 150, maxConcurrent: 1 });

      const error = await failure({ bytes: buildPdfFixture(manyPages(400)) }, impatient);

      expect(error).toMatchObject({ code: 'knowledge_upload.extraction_failed', why: 'timed out after 150 ms' });
      const patient = anExtractor({ maxConcurrent: 1 });
      await expect(patient.extract({ bytes: buildPdfFixture([['after']]) })).resolves.toMatchObject({ text: 'after' });
    });

    it('Given a PDF that needs more than the worker heap, Then the worker dies alone and the extraction fails for lack of memory', async () => {
      const error = await failure({ bytes: buildPdfFixture(manyPages(300)) }, anExtractor({ workerHeapMb: 4 }));

      expect(error).toMatchObject({ code: 'knowledge_upload.extraction_failed', why: 'the document needs too much memory' });
      await expect(extractor.extract({ bytes: buildPdfFixture([['still fine']]) })).resolves.toMatchObject({ text: 'still fine' });
    });

    it('While a large PDF is parsed, Then the event loop keeps ticking (the parsing is in a worker thread)', async () => {
      const pdf = buildPdfFixture(manyPages(500));
      const gaps: number[] = [];
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        gaps.push(now - last);
        last = now;
      }, 5);
      const started = performance.now();

      const result = await extractor.extract({ bytes: pdf }).finally(() => clearInterval(ticker));

      const elapsed = performance.now() - started;
      expect(result.pages).toBe(500);
      expect(result.text.endsWith('Page 500 line 50: the quick brown fox jumps over the lazy dog')).toBe(true);
      // Parsed on the event loop, one gap would span the whole extraction; in a worker, ticks keep coming.
      expect(Math.max(...gaps)).toBeLessThan(elapsed / 4);
      expect(gaps.length).toBeGreaterThan(elapsed / 5 / 4);
    });

    it('Given a PDF whose text passes maxDocumentChars, Then it fails as a too long document', async () => {
      const error = await failure({ bytes: buildPdfFixture(manyPages(3)) }, anExtractor({}, { maxDocumentChars: 1000 }));

      expect(error).toBeInstanceOf(KnowledgeDocumentTooLargeError);
    });
  });

  describe('DOCX', () => {
    it('Given a DOCX, Then its paragraphs come out as plain text paragraphs', async () => {
      const docx = buildDocxFixture(['Installation guide', 'Connect the ZX-4471 to port A & B.', '第二段：安装完成。']);

      const result = await extractor.extract({ bytes: docx, filename: 'guide.docx' });

      expect(result).toEqual({
        text: 'Installation guide\n\nConnect the ZX-4471 to port A & B.\n\n第二段：安装完成。',
        contentType: 'text/plain',
        sourceType: 'docx',
      });
    });

    it('Given a DOCX named .pdf, Then the content decides: it is read as a DOCX', async () => {
      const result = await extractor.extract({ bytes: buildDocxFixture(['Renamed']), filename: 'evil.pdf', declaredType: 'application/pdf' });

      expect(result).toMatchObject({ sourceType: 'docx', text: 'Renamed' });
    });

    it('Given a DOCX whose document part is not XML, Then the extraction fails', async () => {
      const docx = zipSync({ 'word/document.xml': strToU8('<w:document><w:body>not closed') });

      const error = await failure({ bytes: docx });

      expect(error).toBeInstanceOf(DocumentExtractionFailedError);
      expect((error as DocumentExtractionFailedError).why).toMatch(/^the DOCX is corrupt/);
    });

    it('Given a DOCX whose entries declare more bytes than allowed once inflated, Then it is refused before any worker starts', async () => {
      const error = await failure({ bytes: buildDocxFixture(['x'.repeat(3 * 1024 * 1024)]) }, anExtractor({ maxExpandedDocxBytes: 1024 * 1024 }));

      expect(error).toMatchObject({ why: 'the DOCX expands to more than 1 MB' });
    });

    it('Given a ZIP that is not a DOCX, named .pdf, Then it is refused as unsupported', async () => {
      const zip = zipSync({ 'payload.exe': strToU8('MZ...') });

      const error = await failure({ bytes: zip, filename: 'evil.pdf', declaredType: 'application/pdf' });

      expect(error).toBeInstanceOf(UploadedDocumentTypeError);
      expect(error).toMatchObject({ code: 'knowledge_upload.unsupported_type' });
    });
  });

  describe('HTML', () => {
    it('Given a page with scripts, styles and links, Then the text keeps headings (as Markdown) and paragraphs, without scripts, styles or URLs', async () => {
      const html = `<!DOCTYPE html><html><head><title>Ignored</title><style>p { color: red }</style><script>var secret = "ZX-9999";</script></head>
        <body><h1>Product ZX-4471</h1><p>It ships with a <a href="https://example.com/manual">manual</a>.</p><script>track()</script>
        <h2>Specs</h2><p>Weight: 2 kg</p><ul><li>Red</li><li>Blue</li></ul><img src="x.png" alt="photo"></body></html>`;

      const result = await extractor.extract({ bytes: utf8(html), filename: 'page.html' });

      expect(result).toEqual({
        text: '# Product ZX-4471\n\nIt ships with a manual.\n\n## Specs\n\nWeight: 2 kg\n\n * Red\n * Blue',
        contentType: 'text/markdown',
        sourceType: 'html',
      });
    });

    it('Given a page in windows-1252 that says so in <meta charset>, Then it is decoded with that charset', async () => {
      const html = Buffer.concat([
        Buffer.from('<html><head><meta charset="windows-1252"></head><body><p>Caf'),
        Buffer.from([0xe9]),
        Buffer.from('</p></body></html>'),
      ]);

      const result = await extractor.extract({ bytes: new Uint8Array(html) });

      expect(result.text).toBe('Café');
    });
  });

  describe('Text and Markdown', () => {
    const markdown = '# Title\n\nSome *emphasis*.\n\n- item one\n- item two\n';

    it('Given a .md file, Then the Markdown is kept as Markdown, as it is', async () => {
      await expect(extractor.extract({ bytes: utf8(markdown), filename: 'Notes.MD' })).resolves.toEqual({
        text: markdown,
        contentType: 'text/markdown',
        sourceType: 'markdown',
      });
    });

    it('Given the same text declared text/markdown without a name, Then it is Markdown; named .txt, it is plain text', async () => {
      await expect(extractor.extract({ bytes: utf8(markdown), declaredType: 'text/markdown; charset=utf-8' })).resolves.toMatchObject({
        sourceType: 'markdown',
      });
      await expect(extractor.extract({ bytes: utf8(markdown), filename: 'notes.txt' })).resolves.toMatchObject({
        contentType: 'text/plain',
        sourceType: 'text',
      });
    });

    it('Given UTF-8 Chinese text (with a BOM and Windows line ends), Then it comes out intact, without the BOM, with \\n line ends', async () => {
      const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('知识库：产品代码 ZX-4471。\r\n第二行', 'utf8')]);

      await expect(extractor.extract({ bytes, filename: '说明.txt' })).resolves.toEqual({
        text: '知识库：产品代码 ZX-4471。\n第二行',
        contentType: 'text/plain',
        sourceType: 'text',
      });
    });

    it('Given UTF-16 text with a BOM, Then it is decoded', async () => {
      const bytes = new Uint8Array([0xff, 0xfe, ...Buffer.from('Grüße 你好', 'utf16le')]);

      await expect(extractor.extract({ bytes, filename: 'utf16.txt' })).resolves.toMatchObject({ text: 'Grüße 你好' });
    });

    it('Given binary content named .txt and declared text/plain, Then it is refused as unsupported', async () => {
      const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
      const nulText = utf8('looks like text\u0000\u0000 but holds NULs');
      const controls = utf8('\u0001\u0002\u0003\u0004 mostly control characters \u0005\u0006');

      for (const bytes of [png, nulText, controls]) {
        await expect(extractor.extract({ bytes, filename: 'notes.txt', declaredType: 'text/plain' })).rejects.toBeInstanceOf(UploadedDocumentTypeError);
      }
    });

    it('Given a legacy .doc (OLE compound file), Then it is refused with a message naming it', async () => {
      const doc = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(504).fill(0)]);

      await expect(extractor.extract({ bytes: doc, filename: 'old.doc' })).rejects.toThrow(/legacy Office/);
    });

    it('Given an empty or blank file, Then the extraction fails: no text', async () => {
      await expect(extractor.extract({ bytes: utf8(' \n\t\n'), filename: 'blank.txt' })).rejects.toMatchObject({ why: 'the file holds no text' });
    });
  });

  describe('Limits', () => {
    it('Given a file over maxUploadBytes, Then it is refused as too large before anything is read', async () => {
      const small = anExtractor({}, { maxUploadBytes: 1024 * 1024 });

      const error = await failure({ bytes: new Uint8Array(1024 * 1024 + 1), filename: 'big.txt' }, small);

      expect(error).toBeInstanceOf(UploadedDocumentTooLargeError);
      expect(error).toMatchObject({ code: 'knowledge_upload.too_large', message: 'The file is larger than 1 MB' });
      await expect(small.extract({ bytes: utf8('x'.repeat(1024 * 1024)) })).resolves.toMatchObject({ sourceType: 'text' });
    });

    it('Given a text longer than maxDocumentChars, Then it fails as a too long document', async () => {
      const short = anExtractor({}, { maxDocumentChars: 100 });

      await expect(short.extract({ bytes: utf8('a'.repeat(101)) })).rejects.toBeInstanceOf(KnowledgeDocumentTooLargeError);
      await expect(short.extract({ bytes: utf8(`<html><body><p>${'a'.repeat(200)}</p></body></html>`) })).rejects.toBeInstanceOf(
        KnowledgeDocumentTooLargeError,
      );
    });

    it('Given the default settings, Then uploads are capped at 10 MB and texts at KnowledgeSettings.maxDocumentChars', () => {
      expect(DEFAULT_KNOWLEDGE_SETTINGS.maxUploadBytes).toBe(10 * 1024 * 1024);
      expect(DEFAULT_KNOWLEDGE_SETTINGS.maxDocumentChars).toBe(2_000_000);
    });
  });
});
