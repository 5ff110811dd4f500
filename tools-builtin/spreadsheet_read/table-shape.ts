/** Rows of cells → the tool's output rows: arrays, or objects keyed by a cleaned-up header row. */
export type Cell = string | number | boolean | null;

/** Header names made unique and non-empty: `''` → `column_3`, a second `name` → `name_2`. */
export function headerNames(header: Cell[], width: number): string[] {
  const seen = new Map<string, number>();
  return Array.from({ length: Math.max(header.length, width) }, (_, i) => {
    const base = header[i] === null || header[i] === undefined || String(header[i]).trim() === '' ? `column_${i + 1}` : String(header[i]).trim();
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? base : `${base}_${count}`;
  });
}

export function toObjects(columns: string[], rows: Cell[][]): Array<Record<string, Cell>> {
  return rows.map((row) => {
    const record: Record<string, Cell> = {};
    columns.forEach((name, i) => {
      record[name] = row[i] ?? null;
    });
    return record;
  });
}

/** The longest prefix of `rows` whose JSON stays under `maxChars` (the kernel caps a tool's output). */
export function fitRows<T>(rows: T[], maxChars: number): T[] {
  let count = rows.length;
  while (count > 0 && JSON.stringify(rows.slice(0, count)).length > maxChars) count = Math.floor(count / 2);
  return rows.slice(0, count);
}
