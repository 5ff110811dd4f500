/** Stream filters (ISO 32000-1 §7.4) that text streams use: Flate (with predictors), ASCIIHex, ASCII85, RunLength. */
import { inflateSync, unzlibSync } from 'fflate';
import { PdfDict, PdfName, PdfValue } from './pdf-lexer';

export function latin1ToBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

export function bytesToLatin1(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 8192) out += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return out;
}

function flate(data: string): string {
  const bytes = latin1ToBytes(data);
  try {
    return bytesToLatin1(unzlibSync(bytes));
  } catch {
    // Many writers get the zlib checksum or header wrong; the deflate data itself is usually fine.
    return bytesToLatin1(inflateSync(bytes.subarray(2)));
  }
}

/** PNG predictors (10–15), as object and cross-reference streams use them. */
function unpredict(data: string, params: PdfDict | undefined): string {
  const predictor = Number(params?.get('Predictor') ?? 1);
  if (predictor < 10) return data;
  const bitsPerPixel = Number(params?.get('Colors') ?? 1) * Number(params?.get('BitsPerComponent') ?? 8);
  const rowLength = Math.ceil((bitsPerPixel * Number(params?.get('Columns') ?? 1)) / 8);
  const bpp = Math.max(1, Math.ceil(bitsPerPixel / 8));
  const input = latin1ToBytes(data);
  const out: number[] = [];
  let previous = new Uint8Array(rowLength);
  for (let offset = 0; offset + rowLength < input.length + 1; offset += rowLength + 1) {
    const type = input[offset];
    const row = input.slice(offset + 1, offset + 1 + rowLength);
    for (let i = 0; i < row.length; i++) {
      const left = i >= bpp ? row[i - bpp] : 0;
      const up = previous[i];
      const upLeft = i >= bpp ? previous[i - bpp] : 0;
      if (type === 1) row[i] = (row[i] + left) & 0xff;
      else if (type === 2) row[i] = (row[i] + up) & 0xff;
      else if (type === 3) row[i] = (row[i] + ((left + up) >> 1)) & 0xff;
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        row[i] = (row[i] + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft)) & 0xff;
      }
    }
    out.push(...row);
    previous = row;
  }
  return bytesToLatin1(Uint8Array.from(out));
}

function asciiHex(data: string): string {
  const hex = data.replace(/>.*$/s, '').replace(/[^0-9A-Fa-f]/g, '');
  let out = '';
  for (let i = 0; i < hex.length; i += 2) out += String.fromCharCode(parseInt(hex.slice(i, i + 2).padEnd(2, '0'), 16));
  return out;
}

function ascii85(data: string): string {
  const clean = data.replace(/~>.*$/s, '').replace(/^<~/, '').replace(/\s+/g, '');
  let out = '';
  let group: number[] = [];
  const flush = (count: number): void => {
    while (group.length < 5) group.push(84);
    const value = group.reduce((n, d) => n * 85 + d, 0);
    const bytes = [value >>> 24, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
    out += String.fromCharCode(...bytes.slice(0, count));
    group = [];
  };
  for (const ch of clean) {
    if (ch === 'z' && group.length === 0) {
      out += '\0\0\0\0';
      continue;
    }
    group.push(ch.charCodeAt(0) - 33);
    if (group.length === 5) flush(4);
  }
  if (group.length > 0) flush(group.length - 1);
  return out;
}

function runLength(data: string): string {
  let out = '';
  for (let i = 0; i < data.length;) {
    const length = data.charCodeAt(i);
    if (length === 128) break;
    if (length < 128) {
      out += data.slice(i + 1, i + 2 + length);
      i += length + 2;
    } else {
      out += data[i + 1].repeat(257 - length);
      i += 2;
    }
  }
  return out;
}

/** Applies a stream's filter chain; throws for filters a text extractor has no use for (images). */
export function decodeStream(data: string, dict: PdfDict, resolve: (v: PdfValue | undefined) => PdfValue | undefined): string {
  const filterValue = resolve(dict.get('Filter'));
  const filters = (Array.isArray(filterValue) ? filterValue : filterValue ? [filterValue] : []).map((f) => (resolve(f) as PdfName).name);
  const paramsValue = resolve(dict.get('DecodeParms'));
  const params = Array.isArray(paramsValue) ? paramsValue.map((p) => resolve(p)) : [paramsValue];
  return filters.reduce((current, filter, i) => {
    const p = params[i] instanceof PdfDict ? (params[i] as PdfDict) : undefined;
    switch (filter) {
      case 'FlateDecode':
      case 'Fl':
        return unpredict(flate(current), p);
      case 'ASCIIHexDecode':
      case 'AHx':
        return asciiHex(current);
      case 'ASCII85Decode':
      case 'A85':
        return ascii85(current);
      case 'RunLengthDecode':
      case 'RL':
        return runLength(current);
      default:
        throw new Error(`unsupported stream filter ${filter}`);
    }
  }, data);
}
