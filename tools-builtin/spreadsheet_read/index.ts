/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError, workspace } from 'kernel:api';
import Papa from 'papaparse';
import { bytesFromBase64 } from '../../plugins/tool-lib/base64';
import { bytesToText } from './bytes';
import { Cell, fitRows, headerNames, toObjects } from './table-shape';
import { readXlsx } from './xlsx-reader';

interface SpreadsheetReadInput {
  path: string;
  sheet?: string;
  header?: boolean;
  offset?: number;
  max_rows?: number;
  delimiter?: string;
}

const DEFAULT_MAX_ROWS = 100;
// The kernel refuses outputs over 1,048,576 characters of JSON: wide sheets return fewer rows.
const MAX_ROWS_JSON_CHARS = 800_000;

function isZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function readCsv(text: string, delimiter: string | undefined): Cell[][] {
  const parsed = Papa.parse<string[]>(text, { delimiter: delimiter ?? '', skipEmptyLines: 'greedy' });
  const fatal = parsed.errors.find((e) => e.type === 'Quotes');
  if (fatal) throw new ToolError('malformed_csv', `The CSV is malformed at row ${fatal.row ?? '?'}: ${fatal.message}`);
  return parsed.data;
}

interface Table {
  format: 'csv' | 'xlsx';
  sheets: string[];
  sheet: string | null;
  /** The rows read, header included: at least the first `take` of the sheet. */
  rows: Cell[][];
  totalRows: number;
}

function readTable(bytes: Uint8Array, input: SpreadsheetReadInput, take: number): Table {
  if (isZip(bytes)) {
    const read = readXlsx(bytes, { sheet: input.sheet, skip: 0, take });
    return { format: 'xlsx', sheets: read.sheets, sheet: read.sheet, rows: read.rows, totalRows: read.totalRows };
  }
  if (input.sheet !== undefined) throw new ToolError('invalid_input', '`sheet` applies to XLSX workbooks; this file is CSV.');
  const rows = readCsv(bytesToText(bytes), input.delimiter);
  return { format: 'csv', sheets: [], sheet: null, rows, totalRows: rows.length };
}

export default async function spreadsheetRead(input: SpreadsheetReadInput) {
  const bytes = bytesFromBase64(await workspace.read(input.path, { encoding: 'base64' }));
  if (!bytes) throw new ToolError('unreadable_file', 'The file content is not valid base64.');
  const headerRows = (input.header ?? true) ? 1 : 0;
  const offset = input.offset ?? 0;
  const end = headerRows + offset + (input.max_rows ?? DEFAULT_MAX_ROWS);
  const table = readTable(bytes, input, end);
  const slice = table.rows.slice(headerRows + offset, end);
  const width = Math.max(0, ...table.rows.slice(0, end).map((r) => r.length));
  const columns = headerRows === 1 ? headerNames(table.rows[0] ?? [], width) : null;
  const rows = fitRows<Cell[] | Record<string, Cell>>(columns ? toObjects(columns, slice) : slice, MAX_ROWS_JSON_CHARS);
  const dataRows = Math.max(0, table.totalRows - headerRows);
  return {
    path: input.path,
    format: table.format,
    sheets: table.sheets,
    sheet: table.sheet,
    columns,
    rows,
    row_count: rows.length,
    total_rows: dataRows,
    truncated: offset + rows.length < dataRows,
  };
}
