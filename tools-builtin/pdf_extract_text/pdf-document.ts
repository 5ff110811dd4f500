/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
/**
 * The object structure of a PDF file: indirect objects found by scanning (robust to broken
 * cross-reference tables), objects inside object streams, the trailer, and the page tree.
 */
import { ToolError } from 'kernel:api';
import { decodeStream } from './pdf-filters';
import { PdfDict, PdfLexer, PdfName, PdfOperator, PdfRef, PdfValue, PDF_END } from './pdf-lexer';

export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly raw: string,
  ) {}
}

export type PdfObject = PdfValue | PdfStream;

export interface PdfPage {
  dict: PdfDict;
  resources: PdfDict | undefined;
}

const OBJECT_HEADER = /(\d+)\s+(\d+)\s+obj\b/g;
const MAX_PAGES = 10_000;

export class PdfDocument {
  private readonly objects = new Map<number, PdfObject>();
  private readonly trailer = new Map<string, PdfValue>();

  constructor(private readonly src: string) {
    if (!src.slice(0, 1024).includes('%PDF-')) throw new ToolError('not_a_pdf', 'Not a PDF file (no %PDF- header).');
    this.scanObjects();
    this.expandObjectStreams();
    this.readTrailers();
  }

  get encrypted(): boolean {
    return this.trailer.has('Encrypt');
  }

  resolve(value: PdfObject | undefined, depth = 0): PdfObject | undefined {
    if (value instanceof PdfRef && depth < 32) return this.resolve(this.objects.get(value.num), depth + 1);
    return value instanceof PdfRef ? undefined : value;
  }

  dict(value: PdfObject | undefined): PdfDict | undefined {
    const resolved = this.resolve(value);
    if (resolved instanceof PdfStream) return resolved.dict;
    return resolved instanceof PdfDict ? resolved : undefined;
  }

  /** A stream's decoded bytes; null when it is not a stream or uses a filter this reader lacks. */
  streamData(value: PdfObject | undefined): string | null {
    const stream = this.resolve(value);
    if (!(stream instanceof PdfStream)) return null;
    try {
      return decodeStream(stream.raw, stream.dict, (v) => this.resolve(v) as PdfValue | undefined);
    } catch {
      return null;
    }
  }

  info(key: string): PdfObject | undefined {
    return this.dict(this.trailer.get('Info'))?.get(key);
  }

  pages(): PdfPage[] {
    const catalog = this.dict(this.trailer.get('Root')) ?? this.findByType('Catalog')[0];
    const pages: PdfPage[] = [];
    const seen = new Set<PdfDict>();
    const walk = (node: PdfDict | undefined, inherited: PdfDict | undefined, depth: number): void => {
      if (!node || seen.has(node) || depth > 64 || pages.length >= MAX_PAGES) return;
      seen.add(node);
      const resources = this.dict(node.get('Resources')) ?? inherited;
      const kids = this.resolve(node.get('Kids'));
      if (Array.isArray(kids)) kids.forEach((kid) => walk(this.dict(kid), resources, depth + 1));
      else pages.push({ dict: node, resources });
    };
    walk(this.dict(catalog?.get('Pages')), undefined, 0);
    // A damaged page tree: fall back to every page object in file order.
    return pages.length > 0 ? pages : this.findByType('Page').map((dict) => ({ dict, resources: this.dict(dict.get('Resources')) }));
  }

  /** The page's content streams, decoded and joined. */
  pageContent(page: PdfPage): string {
    const contents = this.resolve(page.dict.get('Contents'));
    const parts = Array.isArray(contents) ? contents : [page.dict.get('Contents')];
    return parts.map((part) => this.streamData(part) ?? '').join('\n');
  }

  private findByType(type: string): PdfDict[] {
    const found: PdfDict[] = [];
    for (const object of this.objects.values()) {
      const value = object instanceof PdfStream ? object.dict : object;
      if (value instanceof PdfDict && (value.get('Type') as PdfName | undefined)?.name === type) found.push(value);
    }
    return found;
  }

  private scanObjects(): void {
    OBJECT_HEADER.lastIndex = 0;
    for (let match = OBJECT_HEADER.exec(this.src); match; match = OBJECT_HEADER.exec(this.src)) {
      const lexer = new PdfLexer(this.src, match.index + match[0].length);
      const value = lexer.nextValue();
      if (value === PDF_END) break;
      let object: PdfObject = value;
      const streamKeyword = /\s*stream(?:\r\n|\r|\n)?/y;
      streamKeyword.lastIndex = lexer.pos;
      if (value instanceof PdfDict && streamKeyword.test(this.src)) {
        const start = streamKeyword.lastIndex;
        const end = this.streamEnd(value, start);
        object = new PdfStream(value, this.src.slice(start, end));
        OBJECT_HEADER.lastIndex = end;
      } else {
        OBJECT_HEADER.lastIndex = lexer.pos;
      }
      // Later definitions win: incremental updates append new versions of objects.
      this.objects.set(Number(match[1]), object);
    }
  }

  private streamEnd(dict: PdfDict, start: number): number {
    const length = this.resolve(dict.get('Length'));
    if (typeof length === 'number' && /^\s*endstream/.test(this.src.slice(start + length, start + length + 32))) return start + length;
    const keyword = this.src.indexOf('endstream', start);
    if (keyword === -1) return this.src.length;
    return this.src[keyword - 1] === '\n' ? keyword - (this.src[keyword - 2] === '\r' ? 2 : 1) : this.src[keyword - 1] === '\r' ? keyword - 1 : keyword;
  }

  private expandObjectStreams(): void {
    for (const object of [...this.objects.values()]) {
      if (!(object instanceof PdfStream) || (object.dict.get('Type') as PdfName | undefined)?.name !== 'ObjStm') continue;
      const data = this.streamData(object);
      const first = Number(this.resolve(object.dict.get('First')));
      const count = Number(this.resolve(object.dict.get('N')));
      if (data === null || !Number.isFinite(first) || !Number.isFinite(count)) continue;
      const header = new PdfLexer(data, 0, first);
      for (let i = 0; i < count; i++) {
        const num = header.nextToken();
        const offset = header.nextToken();
        if (typeof num !== 'number' || typeof offset !== 'number') break;
        if (this.objects.has(num)) continue;
        const value = new PdfLexer(data, first + offset).nextValue();
        if (value !== PDF_END && !(value instanceof PdfOperator)) this.objects.set(num, value);
      }
    }
  }

  private readTrailers(): void {
    const dicts: PdfDict[] = [];
    const trailer = /trailer\s*<</g;
    for (let match = trailer.exec(this.src); match; match = trailer.exec(this.src)) {
      const value = new PdfLexer(this.src, match.index + 'trailer'.length).nextValue();
      if (value instanceof PdfDict) dicts.push(value);
    }
    for (const object of this.objects.values()) {
      if (object instanceof PdfStream && (object.dict.get('Type') as PdfName | undefined)?.name === 'XRef') dicts.push(object.dict);
    }
    for (const dict of dicts) {
      for (const key of ['Root', 'Info', 'Encrypt']) {
        const value = dict.get(key);
        if (value !== undefined) this.trailer.set(key, value);
      }
    }
  }
}
