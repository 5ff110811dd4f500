/** The wall-clock fields of an instant in an IANA time zone, read through Intl (full ICU data is in every isolate). */
export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  /** Minutes east of UTC, e.g. 540 for Asia/Tokyo. */
  offsetMinutes: number;
}

export function zonedParts(epochMs: number, timeZone: string): ZonedParts {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  const fields: Record<string, number> = {};
  for (const part of format.formatToParts(epochMs)) {
    if (part.type !== 'literal') fields[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute, second } = fields;
  const wholeSecond = Math.floor(epochMs / 1000) * 1000;
  const offsetMinutes = Math.round((Date.UTC(year, month - 1, day, hour, minute, second) - wholeSecond) / 60000);
  return { year, month, day, hour, minute, second, offsetMinutes };
}

/** ISO 8601 week number and week-based year of a calendar date. */
export function isoWeek(year: number, month: number, day: number): { week: number; year: number } {
  const date = new Date(Date.UTC(year, month - 1, day));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the week-based year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(weekYear, 0, 1)) / 86_400_000 + 1) / 7);
  return { week, year: weekYear };
}
