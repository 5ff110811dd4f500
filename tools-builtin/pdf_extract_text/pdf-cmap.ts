/** ToUnicode CMaps (ISO 32000-1 §9.10.3): character codes of 1–4 bytes → Unicode text. */
import { PdfLexer, PdfOperator, PdfString, PDF_END } from './pdf-lexer';

export interface ToUnicodeMap {
  /** Code lengths in bytes that the codespace ranges allow, shortest first. */
  codeLengths: number[];
  ranges: Array<{ length: number; low: number; high: number }>;
  /** Keyed by the code's raw bytes. */
  map: Map<string, string>;
}

const MAX_RANGE = 65_536;

function codeValue(bytes: string): number {
  let value = 0;
  for (let i = 0; i < bytes.length; i++) value = value * 256 + bytes.charCodeAt(i);
  return value;
}

function codeBytes(value: number, length: number): string {
  let out = '';
  for (let i = length - 1; i >= 0; i--) out += String.fromCharCode(Math.floor(value / 256 ** i) % 256);
  return out;
}

/** UTF-16BE bytes → text (what bfchar/bfrange destinations hold). */
export function utf16be(bytes: string): string {
  let out = '';
  for (let i = 0; i + 1 < bytes.length; i += 2) out += String.fromCharCode(bytes.charCodeAt(i) * 256 + bytes.charCodeAt(i + 1));
  return out;
}

function incremented(destination: string, by: number): string {
  const units = utf16be(destination);
  if (units.length === 0) return '';
  return units.slice(0, -1) + String.fromCharCode(units.charCodeAt(units.length - 1) + by);
}

export function parseToUnicode(cmap: string): ToUnicodeMap {
  const result: ToUnicodeMap = { codeLengths: [], ranges: [], map: new Map() };
  const lexer = new PdfLexer(cmap);
  const operands: unknown[] = [];
  for (;;) {
    const value = lexer.nextValue();
    if (value === PDF_END) break;
    if (!(value instanceof PdfOperator)) {
      operands.push(value);
      continue;
    }
    const args = operands.splice(0);
    if (value.op === 'endcodespacerange') {
      for (let i = 0; i + 1 < args.length; i += 2) {
        const [low, high] = [args[i], args[i + 1]];
        if (low instanceof PdfString && high instanceof PdfString) {
          result.ranges.push({ length: low.bytes.length, low: codeValue(low.bytes), high: codeValue(high.bytes) });
        }
      }
    } else if (value.op === 'endbfchar') {
      for (let i = 0; i + 1 < args.length; i += 2) {
        const [src, dst] = [args[i], args[i + 1]];
        if (src instanceof PdfString && dst instanceof PdfString) result.map.set(src.bytes, utf16be(dst.bytes));
      }
    } else if (value.op === 'endbfrange') {
      for (let i = 0; i + 2 < args.length; i += 3) {
        const [low, high, dst] = [args[i], args[i + 1], args[i + 2]];
        if (!(low instanceof PdfString) || !(high instanceof PdfString)) continue;
        const [from, to] = [codeValue(low.bytes), Math.min(codeValue(high.bytes), codeValue(low.bytes) + MAX_RANGE)];
        for (let code = from; code <= to; code++) {
          const target = Array.isArray(dst) ? dst[code - from] : dst;
          if (target instanceof PdfString) {
            result.map.set(codeBytes(code, low.bytes.length), Array.isArray(dst) ? utf16be(target.bytes) : incremented(target.bytes, code - from));
          }
        }
      }
    }
  }
  result.codeLengths = [...new Set(result.ranges.map((r) => r.length))].sort((a, b) => a - b);
  return result;
}

/** Splits a shown string into codes using the codespace ranges (`fallbackLength` without them). */
export function splitCodes(bytes: string, cmap: ToUnicodeMap | null, fallbackLength: number): string[] {
  const codes: string[] = [];
  for (let i = 0; i < bytes.length;) {
    let length = fallbackLength;
    if (cmap && cmap.ranges.length > 0) {
      const match = cmap.codeLengths.find((n) => {
        const value = codeValue(bytes.slice(i, i + n));
        return cmap.ranges.some((r) => r.length === n && value >= r.low && value <= r.high);
      });
      length = match ?? cmap.codeLengths[0];
    }
    codes.push(bytes.slice(i, i + length));
    i += length;
  }
  return codes;
}
