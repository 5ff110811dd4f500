/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
/**
 * XLSX (Office Open XML) sheets → rows of cell values, with the bundled fflate (unzip) and
 * fast-xml-parser. Only the rows asked for are parsed; the rest are only counted.
 */
import { ToolError } from 'kernel:api';
import { unzipSync, strFromU8 } from 'fflate';
import { XMLParser } from 'fast-xml-parser';
import { DateKind, dateStyles, serialToIso } from './xlsx-styles';

export type Cell = string | number | boolean | null;
type Node = string | Node[] | { [key: string]: Node } | undefined;

export interface SheetSelection {
  sheet?: string;
  /** Rows to skip before the first returned one (a header row counts as a row here). */
  skip: number;
  take: number;
}

export interface SheetRead {
  sheets: string[];
  sheet: string;
  rows: Cell[][];
  totalRows: number;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: false,
  // Elements only: a cell's `r="A1"` attribute shares its name with rich-text runs `<r>`.
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['sheet', 'Relationship', 'si', 'r', 'row', 'c', 'numFmt', 'xf'].includes(name),
});

const list = (node: Node): Node[] => (node === undefined ? [] : Array.isArray(node) ? node : [node]);
const obj = (node: Node): { [key: string]: Node } => (node !== undefined && typeof node === 'object' && !Array.isArray(node) ? node : {});
const attr = (node: Node, name: string): string => {
  const value = obj(node)[`@_${name}`];
  return typeof value === 'string' ? value : '';
};

/** Text of a `<t>` or of rich-text runs `<r><t>`, without phonetic guides `<rPh>`. */
function textOf(node: Node): string {
  if (node === undefined) return '';
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return node.map(textOf).join('');
  if (node.t !== undefined)
    return list(node.t)
      .map((t) => (typeof t === 'string' ? t : textOf(obj(t)['#text'])))
      .join('');
  if (node.r !== undefined) return list(node.r).map(textOf).join('');
  return typeof node['#text'] === 'string' ? node['#text'] : '';
}

function columnIndex(ref: string): number {
  const letters = /^[A-Z]+/i.exec(ref)?.[0].toUpperCase() ?? '';
  return letters.split('').reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1;
}

function unzip(bytes: Uint8Array, names: string[]): Record<string, string> {
  const wanted = new Set(names);
  const files = unzipSync(bytes, { filter: (file) => wanted.has(file.name) });
  return Object.fromEntries(Object.entries(files).map(([name, data]) => [name, strFromU8(data)]));
}

function sheetTargets(files: Record<string, string>): Array<{ name: string; path: string }> {
  const workbook = obj(parser.parse(files['xl/workbook.xml'] ?? '').workbook);
  const rels = list(obj(parser.parse(files['xl/_rels/workbook.xml.rels'] ?? '').Relationships).Relationship);
  const targets = new Map(rels.map((r) => [attr(r, 'Id'), attr(r, 'Target')]));
  return list(obj(workbook.sheets).sheet).map((sheet) => {
    const target = targets.get(attr(sheet, 'id')) ?? '';
    return { name: attr(sheet, 'name'), path: target.startsWith('/') ? target.slice(1) : `xl/${target}` };
  });
}

function cellValue(cell: Node, shared: string[], dateKinds: DateKind[], date1904: boolean): Cell {
  const type = attr(cell, 't');
  const raw = textOf(obj(cell).v);
  if (type === 'inlineStr') return textOf(obj(cell).is);
  if (raw === '') return null;
  if (type === 's') return shared[Number(raw)] ?? null;
  if (type === 'b') return raw === '1';
  if (type === 'str' || type === 'e' || type === 'd') return raw;
  const number = Number(raw);
  if (Number.isNaN(number)) return raw;
  const kind = dateKinds[Number(attr(cell, 's') || 0)] ?? null;
  return kind === null ? number : serialToIso(number, date1904, kind);
}

const ROW = /<(?:\w+:)?row\b[^>]*?(?:\/>|>[\s\S]*?<\/(?:\w+:)?row>)/g;

export function readXlsx(bytes: Uint8Array, selection: SheetSelection): SheetRead {
  const meta = unzip(bytes, ['xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/sharedStrings.xml', 'xl/styles.xml']);
  if (meta['xl/workbook.xml'] === undefined) throw new ToolError('not_a_workbook', 'Not an XLSX workbook (no xl/workbook.xml inside the zip).');
  const sheets = sheetTargets(meta);
  const target = selection.sheet === undefined ? sheets[0] : sheets.find((s) => s.name === selection.sheet);
  if (target === undefined)
    throw new ToolError('sheet_not_found', `No sheet named "${selection.sheet}"; the workbook has: ${sheets.map((s) => s.name).join(', ')}.`);
  const shared = list(obj(parser.parse(meta['xl/sharedStrings.xml'] ?? '').sst).si).map(textOf);
  const styles = obj(parser.parse(meta['xl/styles.xml'] ?? '').styleSheet);
  const custom = new Map(list(obj(styles.numFmts).numFmt).map((f) => [Number(attr(f, 'numFmtId')), attr(f, 'formatCode')]));
  const dateKinds = dateStyles(
    list(obj(styles.cellXfs).xf).map((xf) => Number(attr(xf, 'numFmtId') || 0)),
    custom,
  );
  const date1904 = /<(?:\w+:)?workbookPr\b[^>]*\bdate1904="(?:1|true)"/.test(meta['xl/workbook.xml']);

  const sheetXml = unzip(bytes, [target.path])[target.path] ?? '';
  const rowXml = sheetXml.match(ROW) ?? [];
  const parsedRows = list(obj(obj(parser.parse(`<sheetData>${rowXml.slice(0, selection.skip + selection.take).join('')}</sheetData>`)).sheetData).row);
  // Row numbers (`r`) can skip empty rows: keep the sheet's layout by filling the gaps.
  const rows: Cell[][] = [];
  let expected = 1;
  for (const row of parsedRows) {
    const number = Number(attr(row, 'r')) || expected;
    while (expected < number && rows.length < selection.skip + selection.take) {
      rows.push([]);
      expected += 1;
    }
    const cells: Cell[] = [];
    list(obj(row).c).forEach((cell, position) => {
      const ref = attr(cell, 'r');
      cells[ref ? columnIndex(ref) : position] = cellValue(cell, shared, dateKinds, date1904);
    });
    rows.push(Array.from(cells, (c) => (c === undefined ? null : c)));
    expected = number + 1;
  }
  const lastRowNumber = Number(/\br="(\d+)"/.exec(rowXml[rowXml.length - 1] ?? '')?.[1] ?? rowXml.length);
  return {
    sheets: sheets.map((s) => s.name),
    sheet: target.name,
    rows: rows.slice(selection.skip, selection.skip + selection.take),
    totalRows: Math.max(lastRowNumber, rowXml.length),
  };
}
