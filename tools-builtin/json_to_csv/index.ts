/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import Papa from 'papaparse';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Cell = string | number | boolean | null;

interface Input {
  json: Json;
  columns?: string[];
  delimiter?: string;
  header?: boolean;
  newline?: '\n' | '\r\n';
  quote_all?: boolean;
  escape_formulae?: boolean;
}

interface Output {
  csv: string;
  rows: number;
  columns: string[] | null;
}

// The kernel refuses outputs over 1,048,576 characters of JSON; a clear error beats its generic one.
const MAX_CSV_LENGTH = 900_000;

export default function jsonToCsv(input: Input): Output {
  const output = convert(input);
  if (output.csv.length > MAX_CSV_LENGTH) {
    throw new ToolError('result_too_large', `The CSV would be ${output.csv.length} characters, over ${MAX_CSV_LENGTH}; convert fewer rows at a time`);
  }
  return output;
}

function convert(input: Input): Output {
  let data: Json;
  try {
    data = typeof input.json === 'string' ? (JSON.parse(input.json) as Json) : input.json;
  } catch (error) {
    throw new ToolError('invalid_json', `json is not valid JSON text: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rows = Array.isArray(data) ? data : [data];
  if (rows.every(isObject)) {
    const columns = input.columns ?? unionOfKeys(rows);
    const table = rows.map((row) => columns.map((column) => toCell(row[column])));
    return { csv: unparse((input.header ?? true) ? columns : [], table, input), rows: table.length, columns };
  }
  if (rows.every(Array.isArray)) {
    const table = rows.map((row) => row.map(toCell));
    return { csv: unparse([], table, input), rows: table.length, columns: null };
  }
  throw new ToolError('invalid_rows', 'json must be an array of objects or an array of arrays (not a mix, nor scalars)');
}

function unparse(fields: string[], data: Cell[][], input: Input): string {
  return Papa.unparse(
    { fields, data },
    {
      delimiter: input.delimiter ?? ',',
      newline: input.newline ?? '\n',
      quotes: input.quote_all ?? false,
      escapeFormulae: input.escape_formulae ?? false,
    },
  );
}

function isObject(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unionOfKeys(rows: JsonObject[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

function toCell(value: Json | undefined): Cell {
  if (value === undefined) return null;
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : value;
}
