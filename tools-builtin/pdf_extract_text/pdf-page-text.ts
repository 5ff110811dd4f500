/**
 * Runs a page's content stream (ISO 32000-1 §9.4 text operators, with q/Q/cm and form XObjects)
 * and lays out the text it shows. Graphics, images and colours are ignored.
 */
import { PdfDocument } from './pdf-document';
import { PdfFont } from './pdf-font';
import { PdfDict, PdfLexer, PdfName, PdfOperator, PdfString, PdfValue, PDF_END } from './pdf-lexer';
import { TextLayout } from './text-layout';

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const MAX_FORM_DEPTH = 8;
const MAX_OPERANDS = 10_000;

function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

const translate = (tx: number, ty: number): Matrix => [1, 0, 0, 1, tx, ty];
const numbers = (values: PdfValue[]): number[] => values.map((v) => (typeof v === 'number' ? v : 0));

export interface PageTextStats {
  unmapped: number;
}

export class PageTextExtractor {
  private readonly fontCache = new Map<PdfDict, PdfFont>();
  readonly stats: PageTextStats = { unmapped: 0 };

  constructor(private readonly doc: PdfDocument) {}

  private font(resources: PdfDict | undefined, name: string): PdfFont | null {
    const dict = this.doc.dict(this.doc.dict(resources?.get('Font'))?.get(name));
    if (!dict) return null;
    let font = this.fontCache.get(dict);
    if (!font) {
      font = new PdfFont(this.doc, dict);
      this.fontCache.set(dict, font);
    }
    return font;
  }

  run(content: string, resources: PdfDict | undefined, layout: TextLayout, ctmStart: Matrix = IDENTITY, depth = 0): void {
    const lexer = new PdfLexer(content);
    const operands: PdfValue[] = [];
    const ctmStack: Matrix[] = [];
    let ctm = ctmStart;
    let tm: Matrix = IDENTITY;
    let tlm: Matrix = IDENTITY;
    let font: PdfFont | null = null;
    let fontSize = 0;
    let [charSpacing, wordSpacing, hScale, leading, rise] = [0, 0, 1, 0, 0];

    const show = (bytes: string): void => {
      if (!font) return;
      const shown = font.show(bytes);
      this.stats.unmapped += shown.unmapped;
      const trm = multiply(multiply([fontSize * hScale, 0, 0, fontSize, 0, rise], tm), ctm);
      const device = multiply(tm, ctm);
      const size = Math.abs(fontSize) * Math.hypot(device[2], device[3]);
      const tx = (shown.advance * fontSize + charSpacing * shown.codes + wordSpacing * shown.spaces) * hScale;
      tm = multiply(translate(tx, 0), tm);
      const end = multiply(multiply([1, 0, 0, 1, 0, rise], tm), ctm);
      layout.add(shown.text, { x: trm[4], y: trm[5] }, { x: end[4], y: end[5] }, size);
    };
    const moveLine = (tx: number, ty: number): void => {
      tlm = multiply(translate(tx, ty), tlm);
      tm = tlm;
    };

    while (!layout.full) {
      const value = lexer.nextValue();
      if (value === PDF_END) break;
      if (!(value instanceof PdfOperator)) {
        if (operands.length < MAX_OPERANDS) operands.push(value);
        continue;
      }
      const args = operands.splice(0);
      const n = numbers(args);
      switch (value.op) {
        case 'q':
          ctmStack.push(ctm);
          break;
        case 'Q':
          ctm = ctmStack.pop() ?? ctm;
          break;
        case 'cm':
          if (n.length === 6) ctm = multiply(n as Matrix, ctm);
          break;
        case 'BT':
          tm = tlm = IDENTITY;
          break;
        case 'Tf':
          font = args[0] instanceof PdfName ? this.font(resources, args[0].name) : null;
          fontSize = n[1] ?? 0;
          break;
        case 'Tc':
          charSpacing = n[0] ?? 0;
          break;
        case 'Tw':
          wordSpacing = n[0] ?? 0;
          break;
        case 'Tz':
          hScale = (n[0] ?? 100) / 100;
          break;
        case 'TL':
          leading = n[0] ?? 0;
          break;
        case 'Ts':
          rise = n[0] ?? 0;
          break;
        case 'Td':
          moveLine(n[0] ?? 0, n[1] ?? 0);
          break;
        case 'TD':
          leading = -(n[1] ?? 0);
          moveLine(n[0] ?? 0, n[1] ?? 0);
          break;
        case 'Tm':
          if (n.length === 6) tm = tlm = n as Matrix;
          break;
        case 'T*':
          moveLine(0, -leading);
          break;
        case 'Tj':
          if (args[0] instanceof PdfString) show(args[0].bytes);
          break;
        case "'":
          moveLine(0, -leading);
          if (args[0] instanceof PdfString) show(args[0].bytes);
          break;
        case '"':
          [wordSpacing, charSpacing] = [n[0] ?? 0, n[1] ?? 0];
          moveLine(0, -leading);
          if (args[2] instanceof PdfString) show(args[2].bytes);
          break;
        case 'TJ':
          for (const item of Array.isArray(args[0]) ? args[0] : []) {
            if (item instanceof PdfString) show(item.bytes);
            else if (typeof item === 'number') tm = multiply(translate((-item / 1000) * fontSize * hScale, 0), tm);
          }
          break;
        case 'ID': {
          // Inline image data is binary: skip to its EI.
          const end = /\sEI(?=[\s]|$)/g;
          end.lastIndex = lexer.pos + 1;
          const match = end.exec(content);
          lexer.pos = match ? match.index + match[0].length : content.length;
          break;
        }
        case 'Do':
          if (args[0] instanceof PdfName && depth < MAX_FORM_DEPTH) this.form(resources, args[0].name, layout, ctm, depth);
          break;
      }
    }
  }

  private form(resources: PdfDict | undefined, name: string, layout: TextLayout, ctm: Matrix, depth: number): void {
    const ref = this.doc.dict(resources?.get('XObject'))?.get(name);
    const dict = this.doc.dict(ref);
    if ((dict?.get('Subtype') as PdfName | undefined)?.name !== 'Form') return;
    const content = this.doc.streamData(ref);
    if (content === null) return;
    const matrix = this.doc.resolve(dict?.get('Matrix'));
    const formMatrix = Array.isArray(matrix) && matrix.length === 6 ? (numbers(matrix as PdfValue[]) as Matrix) : IDENTITY;
    this.run(content, this.doc.dict(dict?.get('Resources')) ?? resources, layout, multiply(formMatrix, ctm), depth + 1);
  }
}
