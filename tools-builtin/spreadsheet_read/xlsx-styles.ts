/** Which XLSX cell styles are dates, and Excel date serials → ISO 8601 text. */

// Built-in number formats (ECMA-376 part 1, 18.8.30): dates and date-times, and times of day.
const BUILTIN_DATES = new Set([14, 15, 16, 17, 22]);
const BUILTIN_TIMES = new Set([18, 19, 20, 21, 45, 46, 47]);

export type DateKind = 'date' | 'time' | null;

function significant(code: string): string {
  return code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '')
    .split(';')[0];
}

export function isDateFormatCode(code: string): boolean {
  const stripped = significant(code);
  return /[dmyhs]/i.test(stripped) && !/^general$/i.test(stripped.trim());
}

function kindOf(numFmtId: number, code: string | undefined): DateKind {
  if (BUILTIN_DATES.has(numFmtId)) return 'date';
  if (BUILTIN_TIMES.has(numFmtId)) return 'time';
  if (code === undefined || !isDateFormatCode(code)) return null;
  // `m` alone is ambiguous (month or minute): without a day or year it is a time of day.
  return /[dy]/i.test(significant(code)) ? 'date' : 'time';
}

/** For each `cellXfs` index: is that style a date (or date-time), a time of day, or neither? */
export function dateStyles(numFmtIds: number[], customFormats: Map<number, string>): DateKind[] {
  return numFmtIds.map((id) => kindOf(id, customFormats.get(id)));
}

const DAY_MS = 86_400_000;
const EPOCH_1900 = Date.UTC(1899, 11, 30); // serial 0 = 1899-12-30 once past Excel's fictitious 1900-02-29
const EPOCH_1904 = Date.UTC(1904, 0, 1);

/** `2024-05-01`, `2024-05-01T13:30:00`, or `13:30:00` for a time of day (Excel dates carry no time zone). */
export function serialToIso(serial: number, date1904: boolean, kind: DateKind = 'date'): string {
  if (kind === 'time') return new Date(Math.round((serial - Math.floor(serial)) * DAY_MS)).toISOString().slice(11, 19);
  const epoch = date1904 ? EPOCH_1904 : serial < 60 ? EPOCH_1900 + DAY_MS : EPOCH_1900;
  const iso = new Date(epoch + Math.round(serial * DAY_MS)).toISOString();
  return Number.isInteger(serial) ? iso.slice(0, 10) : iso.slice(0, 19);
}
