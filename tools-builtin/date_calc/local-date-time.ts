/**
 * A date or date-time as written: its wall-clock fields (held as milliseconds, as if they were
 * UTC, so calendar arithmetic is plain Date.UTC arithmetic) and its UTC offset, when it has one.
 * A result keeps the style of its input: a date stays a date, an offset stays that offset.
 */
export interface LocalDateTime {
  wallMs: number;
  hasTime: boolean;
  /** Minutes east of UTC; null when the input had none (it is then read as UTC). */
  offsetMinutes: number | null;
  /** `Z` rather than `+00:00` on output, as in the input. */
  zulu: boolean;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export class DateFormatError extends Error {}

export function parseLocalDateTime(text: string, now: number): LocalDateTime {
  const trimmed = text.trim();
  if (/^now$/i.test(trimmed)) return { wallMs: now, hasTime: true, offsetMinutes: 0, zulu: true };
  if (/^today$/i.test(trimmed)) return { wallMs: now - (now % 86_400_000), hasTime: false, offsetMinutes: null, zulu: false };
  const match = ISO.exec(trimmed);
  if (!match) {
    throw new DateFormatError(`"${text}" is not an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM])`);
  }
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((field) => Number(field ?? 0));
  const millisecond = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59 || second > 59) {
    throw new DateFormatError(`"${text}" is not a valid date or time`);
  }
  const wallMs = utc(year, month, day, hour, minute, second, millisecond);
  return { wallMs, hasTime: match[4] !== undefined, offsetMinutes: parseOffset(match[8]), zulu: /^z$/i.test(match[8] ?? '') };
}

export function formatLocalDateTime(value: LocalDateTime): string {
  const date = new Date(value.wallMs);
  const year = date.getUTCFullYear();
  if (!(year >= 0 && year <= 9999)) throw new RangeError('The result falls outside the years 0000–9999');
  const day = `${pad(year, 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  if (!value.hasTime) return day;
  const millis = date.getUTCMilliseconds();
  const time = `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}${millis ? `.${pad(millis, 3)}` : ''}`;
  return `${day}T${time}${formatOffset(value)}`;
}

/** The instant, reading a value without an offset as UTC. */
export function epochMs(value: LocalDateTime): number {
  return value.wallMs - (value.offsetMinutes ?? 0) * 60_000;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(utc(year, month + 1, 0)).getUTCDate();
}

/** Date.UTC without its quirk of reading years 0–99 as 1900–1999; month is 1-based and may overflow. */
export function utc(year: number, month: number, day: number, hour = 0, minute = 0, second = 0, millisecond = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millisecond);
  return date.getTime();
}

function parseOffset(text: string | undefined): number | null {
  if (text === undefined) return null;
  if (/^z$/i.test(text)) return 0;
  const digits = text.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0);
  return digits[0] === '-' ? -minutes : minutes;
}

function formatOffset(value: LocalDateTime): string {
  if (value.offsetMinutes === null) return '';
  if (value.offsetMinutes === 0 && value.zulu) return 'Z';
  const absolute = Math.abs(value.offsetMinutes);
  return `${value.offsetMinutes < 0 ? '-' : '+'}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
