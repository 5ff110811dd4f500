/** What a font turns shown bytes into: Unicode text (ToUnicode, else its encoding) and glyph advances. */
import { parseToUnicode, splitCodes, ToUnicodeMap } from './pdf-cmap';
import { PdfDocument } from './pdf-document';
import { BaseEncoding, baseEncodingChar, glyphToUnicode } from './pdf-encodings';
import { PdfDict, PdfName } from './pdf-lexer';

export interface ShownText {
  text: string;
  /** Advance in text-space units (thousandths of an em divided by 1000). */
  advance: number;
  /** Single-byte code 32 occurrences (word spacing applies to them). */
  spaces: number;
  /** Character codes shown (character spacing applies to each). */
  codes: number;
  /** Codes with no Unicode mapping (e.g. a CID font without ToUnicode). */
  unmapped: number;
}

// Without widths, assume a typical proportional glyph: a narrow guess would invent spaces inside words.
const DEFAULT_WIDTH = 600;

function cidWidths(doc: PdfDocument, descendant: PdfDict | undefined): Map<number, number> {
  const widths = new Map<number, number>();
  const w = doc.resolve(descendant?.get('W'));
  if (!Array.isArray(w)) return widths;
  for (let i = 0; i < w.length;) {
    const first = doc.resolve(w[i]);
    const next = doc.resolve(w[i + 1]);
    if (typeof first !== 'number') break;
    if (Array.isArray(next)) {
      next.forEach((width, k) => widths.set(first + k, Number(doc.resolve(width)) || 0));
      i += 2;
    } else {
      const [last, width] = [Number(next), Number(doc.resolve(w[i + 2]))];
      for (let c = first; c <= Math.min(last, first + 65_535); c++) widths.set(c, width);
      i += 3;
    }
  }
  return widths;
}

export class PdfFont {
  private readonly composite: boolean;
  private readonly toUnicode: ToUnicodeMap | null;
  private readonly differences = new Map<number, string>();
  private readonly baseEncoding: BaseEncoding;
  private readonly widths = new Map<number, number>();
  private readonly defaultWidth: number;

  constructor(doc: PdfDocument, dict: PdfDict) {
    this.composite = (dict.get('Subtype') as PdfName | undefined)?.name === 'Type0';
    const cmap = doc.streamData(dict.get('ToUnicode'));
    this.toUnicode = cmap === null ? null : parseToUnicode(cmap);
    const encoding = doc.resolve(dict.get('Encoding'));
    const encodingDict = encoding instanceof PdfDict ? encoding : undefined;
    const baseName = ((encodingDict ? doc.resolve(encodingDict.get('BaseEncoding')) : encoding) as PdfName | undefined)?.name;
    this.baseEncoding = baseName === 'MacRomanEncoding' || baseName === 'StandardEncoding' ? baseName : 'WinAnsiEncoding';
    const differences = doc.resolve(encodingDict?.get('Differences'));
    if (Array.isArray(differences)) {
      let code = 0;
      for (const item of differences) {
        if (typeof item === 'number') code = item;
        else if (item instanceof PdfName) this.differences.set(code++, item.name);
      }
    }
    if (this.composite) {
      const descendants = doc.resolve(dict.get('DescendantFonts'));
      const descendant = doc.dict(Array.isArray(descendants) ? descendants[0] : undefined);
      cidWidths(doc, descendant).forEach((width, cid) => this.widths.set(cid, width));
      this.defaultWidth = Number(doc.resolve(descendant?.get('DW'))) || 1000;
    } else {
      const firstChar = Number(doc.resolve(dict.get('FirstChar'))) || 0;
      const widths = doc.resolve(dict.get('Widths'));
      if (Array.isArray(widths)) widths.forEach((width, i) => this.widths.set(firstChar + i, Number(doc.resolve(width)) || 0));
      this.defaultWidth = DEFAULT_WIDTH;
    }
  }

  private simpleChar(code: number): string {
    const name = this.differences.get(code);
    return (name !== undefined ? glyphToUnicode(name) : null) ?? baseEncodingChar(code, this.baseEncoding);
  }

  show(bytes: string): ShownText {
    const shown: ShownText = { text: '', advance: 0, spaces: 0, codes: 0, unmapped: 0 };
    for (const code of splitCodes(bytes, this.toUnicode, this.composite ? 2 : 1)) {
      let value = 0;
      for (let i = 0; i < code.length; i++) value = value * 256 + code.charCodeAt(i);
      const mapped = this.toUnicode?.map.get(code);
      if (mapped !== undefined) shown.text += mapped;
      else if (!this.composite) shown.text += this.simpleChar(value);
      else shown.unmapped += 1;
      shown.advance += (this.widths.get(value) ?? this.defaultWidth) / 1000;
      shown.codes += 1;
      if (code.length === 1 && value === 32) shown.spaces += 1;
    }
    return shown;
  }
}
