import Papa from 'papaparse';

interface Input {
  csv: string;
  delimiter?: string;
  header?: boolean;
  dynamic_typing?: boolean;
  skip_empty_lines?: boolean;
  max_rows?: number;
}

type Cell = string | number | boolean | null;
type Row = Record<string, Cell | Cell[]> | Cell[];

interface Output {
  rows: Row[];
  columns: string[] | null;
  renamed_columns?: Record<string, string>;
  row_count: number;
  truncated: boolean;
  delimiter: string;
  errors: { code: string; message: string; row?: number }[];
}

// Assigning a `__proto__` key to a plain object drops the column silently; a visible rename is better.
const RESERVED_HEADER = '__proto__';
const RESERVED_RENAMED = '_proto_';
// The kernel refuses outputs over 1,048,576 characters of JSON; stopping short keeps a useful, truncated answer.
const OUTPUT_BUDGET = 900_000;

export default function csvToJson(input: Input): Output {
  const header = input.header ?? true;
  const maxRows = input.max_rows ?? 1000;
  const renamed: Record<string, string> = {};
  const parsed = Papa.parse<Row>(input.csv, {
    header,
    delimiter: input.delimiter ?? '',
    dynamicTyping: input.dynamic_typing ?? false,
    skipEmptyLines: (input.skip_empty_lines ?? true) ? 'greedy' : false,
    // One more row than asked shows whether the input was truncated.
    preview: maxRows + 1,
    transformHeader: (name: string) => {
      if (name !== RESERVED_HEADER) return name;
      renamed[RESERVED_RENAMED] = RESERVED_HEADER;
      return RESERVED_RENAMED;
    },
  });
  const rows = withinBudget(parsed.data.slice(0, maxRows));
  Object.assign(renamed, parsed.meta.renamedHeaders ?? {});
  return {
    rows,
    columns: header ? (parsed.meta.fields ?? []) : null,
    ...(Object.keys(renamed).length > 0 ? { renamed_columns: renamed } : {}),
    row_count: rows.length,
    truncated: parsed.data.length > rows.length,
    delimiter: parsed.meta.delimiter,
    errors: parsed.errors
      .filter((error) => error.row === undefined || error.row < rows.length)
      .map((error) => ({ code: error.code, message: error.message, ...(error.row === undefined ? {} : { row: error.row }) })),
  };
}

function withinBudget(rows: Row[]): Row[] {
  let size = 0;
  const kept: Row[] = [];
  for (const row of rows) {
    size += JSON.stringify(row).length + 1;
    if (size > OUTPUT_BUDGET) break;
    kept.push(row);
  }
  return kept;
}
