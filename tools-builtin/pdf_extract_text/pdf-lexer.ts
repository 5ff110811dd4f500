/**
 * PDF object syntax (ISO 32000-1 §7.2–7.3) over a "binary string" (one char per byte):
 * the lexer and value parser shared by the file structure and by content streams.
 */

export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfString {
  /** Raw bytes, one char per byte. */
  constructor(readonly bytes: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

export class PdfOperator {
  constructor(readonly op: string) {}
}

export class PdfDict {
  constructor(readonly entries: Map<string, PdfValue>) {}

  get(key: string): PdfValue | undefined {
    return this.entries.get(key);
  }
}

export type PdfValue = number | boolean | null | PdfName | PdfString | PdfRef | PdfDict | PdfOperator | PdfValue[];

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
const END = Symbol('end');
type Token = PdfValue | '<<' | '>>' | '[' | ']' | '{' | '}' | typeof END;

export class PdfLexer {
  constructor(
    readonly src: string,
    public pos = 0,
    private readonly end = src.length,
  ) {}

  private isRegular(code: number): boolean {
    return !WHITESPACE.has(code) && !DELIMITERS.has(code);
  }

  skipWhitespace(): void {
    while (this.pos < this.end) {
      const code = this.src.charCodeAt(this.pos);
      if (WHITESPACE.has(code)) this.pos += 1;
      else if (code === 0x25) while (this.pos < this.end && !'\r\n'.includes(this.src[this.pos])) this.pos += 1;
      else return;
    }
  }

  private literalString(): PdfString {
    let depth = 1;
    let out = '';
    while (this.pos < this.end) {
      const ch = this.src[this.pos++];
      if (ch === '\\') {
        const next = this.src[this.pos++] ?? '';
        if (next in ESCAPES) out += ESCAPES[next];
        else if (/[0-7]/.test(next)) {
          let octal = next;
          while (octal.length < 3 && /[0-7]/.test(this.src[this.pos] ?? '')) octal += this.src[this.pos++];
          out += String.fromCharCode(parseInt(octal, 8) & 0xff);
        } else if (next === '\r') {
          if (this.src[this.pos] === '\n') this.pos += 1;
        } else if (next !== '\n') out += next;
      } else if (ch === '(') {
        depth += 1;
        out += ch;
      } else if (ch === ')') {
        if (--depth === 0) break;
        out += ch;
      } else out += ch;
    }
    return new PdfString(out);
  }

  private hexString(): PdfString {
    const close = this.src.indexOf('>', this.pos);
    const stop = close === -1 ? this.end : close;
    const hex = this.src.slice(this.pos, stop).replace(/[^0-9A-Fa-f]/g, '');
    this.pos = stop + 1;
    const padded = hex.length % 2 === 1 ? `${hex}0` : hex;
    let out = '';
    for (let i = 0; i < padded.length; i += 2) out += String.fromCharCode(parseInt(padded.slice(i, i + 2), 16));
    return new PdfString(out);
  }

  private regularRun(): string {
    const start = this.pos;
    while (this.pos < this.end && this.isRegular(this.src.charCodeAt(this.pos))) this.pos += 1;
    return this.src.slice(start, this.pos);
  }

  nextToken(): Token {
    this.skipWhitespace();
    if (this.pos >= this.end) return END;
    const ch = this.src[this.pos];
    const next = this.src[this.pos + 1];
    if (ch === '<' && next === '<') return ((this.pos += 2), '<<');
    if (ch === '>' && next === '>') return ((this.pos += 2), '>>');
    if (ch === '[' || ch === ']' || ch === '{' || ch === '}') return ((this.pos += 1), ch);
    if (ch === '(') return ((this.pos += 1), this.literalString());
    if (ch === '<') return ((this.pos += 1), this.hexString());
    if (ch === '/') {
      this.pos += 1;
      return new PdfName(this.regularRun().replace(/#([0-9A-Fa-f]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))));
    }
    if (ch === ')' || ch === '>') return ((this.pos += 1), this.nextToken()); // stray delimiter: skip
    const word = this.regularRun();
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return parseFloat(word);
    if (word === 'true' || word === 'false') return word === 'true';
    if (word === 'null') return null;
    return new PdfOperator(word);
  }

  /** One complete value; `num gen R` becomes a PdfRef. Returns END at the end of input. */
  nextValue(): PdfValue | typeof END {
    const token = this.nextToken();
    if (token === '<<') return this.dict();
    if (token === '[' || token === '{') return this.array(token === '[' ? ']' : '}');
    if (token === '>>' || token === ']' || token === '}') return this.nextValue();
    if (typeof token === 'number' && Number.isInteger(token) && token >= 0) {
      const save = this.pos;
      const gen = this.nextToken();
      if (typeof gen === 'number' && Number.isInteger(gen)) {
        const r = this.nextToken();
        if (r instanceof PdfOperator && r.op === 'R') return new PdfRef(token, gen);
      }
      this.pos = save;
    }
    return token;
  }

  private array(close: ']' | '}'): PdfValue[] {
    const items: PdfValue[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.pos >= this.end) return items;
      if (this.src[this.pos] === close) return ((this.pos += 1), items);
      const value = this.nextValue();
      if (value === END) return items;
      items.push(value);
    }
  }

  private dict(): PdfDict {
    const entries = new Map<string, PdfValue>();
    for (;;) {
      this.skipWhitespace();
      if (this.pos >= this.end) break;
      if (this.src.startsWith('>>', this.pos)) {
        this.pos += 2;
        break;
      }
      const key = this.nextToken();
      if (!(key instanceof PdfName)) continue; // malformed: resynchronise on the next name
      const value = this.nextValue();
      if (value === END) break;
      entries.set(key.name, value);
    }
    return new PdfDict(entries);
  }
}

export { END as PDF_END };
