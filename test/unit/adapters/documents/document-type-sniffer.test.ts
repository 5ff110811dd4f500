import { strToU8, zipSync } from 'fflate';
import { sniffDocument } from '../../../../adapters/documents/document-type-sniffer';
import { readZipDirectory } from '../../../../adapters/documents/zip-directory';
import { UploadedDocumentTypeError } from '../../../../core/domain/knowledge/knowledge-upload.errors';

const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('sniffDocument', () => {
  it('Given a %PDF- header after some leading junk within the first kilobyte, Then it is a PDF', () => {
    expect(sniffDocument({ bytes: utf8(`${' '.repeat(500)}%PDF-1.7\n`), filename: 'x.txt' })).toEqual({ kind: 'pdf' });
    expect(sniffDocument({ bytes: utf8(`${'a'.repeat(1100)}%PDF-1.7\n`) })).toMatchObject({ kind: 'text' });
  });

  it('Given HTML after a BOM and whitespace, Then it is HTML; a tag that is not a page, or a page start after the first kilobyte, is text', () => {
    expect(sniffDocument({ bytes: utf8('\uFEFF\n  <!DOCTYPE html><p>x') })).toMatchObject({ kind: 'html' });
    expect(sniffDocument({ bytes: utf8('<div>\n<body class="a">x</body>') })).toMatchObject({ kind: 'html' });
    expect(sniffDocument({ bytes: utf8('<div>not a page</div>'), filename: 'a.md' })).toMatchObject({ kind: 'text', markdown: true });
    expect(sniffDocument({ bytes: utf8(`<!-- ${'x'.repeat(1100)} --><html>`) })).toMatchObject({ kind: 'text' });
    expect(sniffDocument({ bytes: utf8('# Title\n\n<html> in prose') })).toMatchObject({ kind: 'text' });
  });

  it('Given UTF-16 big-endian text with a BOM, Then it is decoded', () => {
    const bytes = new Uint8Array([0xfe, 0xff, ...Buffer.from('你好', 'utf16le').swap16()]);

    expect(sniffDocument({ bytes })).toEqual({ kind: 'text', text: '你好', markdown: false });
  });

  it('Given Latin-1 bytes that are not UTF-8 (and no page declaring its charset), Then they are refused', () => {
    const latin1 = new Uint8Array(Buffer.from('Café crème', 'latin1'));
    const pageWithoutCharset = new Uint8Array(Buffer.from('<html><body>Café</body></html>', 'latin1'));

    expect(() => sniffDocument({ bytes: latin1, filename: 'a.txt' })).toThrow(UploadedDocumentTypeError);
    expect(() => sniffDocument({ bytes: pageWithoutCharset })).toThrow(UploadedDocumentTypeError);
  });

  it('Given a ZIP whose directory is cut off, or a DOCX-like name without word/document.xml, Then it is refused', () => {
    const docx = zipSync({ 'word/document.xml': strToU8('<w:document/>') });
    const truncated = docx.subarray(0, docx.length - 10);
    const lookalike = zipSync({ 'word/document.xml.bak': strToU8('x'), 'word/styles.xml': strToU8('x') });

    expect(sniffDocument({ bytes: docx })).toMatchObject({ kind: 'docx' });
    expect(() => sniffDocument({ bytes: truncated, filename: 'a.docx' })).toThrow(/not a Word \(DOCX\) document/);
    expect(() => sniffDocument({ bytes: lookalike, filename: 'a.docx' })).toThrow(UploadedDocumentTypeError);
  });

  it('Given declared types with parameters and case, Then only Markdown ones make text Markdown', () => {
    expect(sniffDocument({ bytes: utf8('x'), declaredType: 'Text/Markdown; charset=UTF-8' })).toMatchObject({ markdown: true });
    expect(sniffDocument({ bytes: utf8('x'), declaredType: 'text/plain', filename: 'readme.markdown' })).toMatchObject({ markdown: true });
    expect(sniffDocument({ bytes: utf8('x'), declaredType: 'text/html', filename: 'a.md.txt' })).toMatchObject({ kind: 'text', markdown: false });
  });
});

describe('readZipDirectory', () => {
  it('Given a ZIP with a comment, Then it lists every entry with its declared inflated size', () => {
    const zip = zipSync({ 'a.txt': strToU8('hello'), 'dir/b.xml': strToU8('x'.repeat(5000)) }, { comment: 'made by a test' });

    expect(readZipDirectory(zip)).toEqual([
      { name: 'a.txt', uncompressedBytes: 5 },
      { name: 'dir/b.xml', uncompressedBytes: 5000 },
    ]);
  });

  it('Given bytes that only start like a ZIP, Then there is no directory', () => {
    expect(readZipDirectory(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]))).toBeUndefined();
  });
});
