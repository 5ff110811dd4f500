import { DateTime, FixedOffsetZone } from 'luxon';

/**
 * A date or date-time as written: the moment on its own wall clock (a fixed UTC offset; UTC when it
 * had none) and how it was written, so a result keeps the style of its input: a date stays a date,
 * an offset stays that offset.
 */
export interface LocalDateTime {
  value: DateTime;
  hasTime: boolean;
  /** No offset (read as UTC and written without one), `Z`, or `±HH:MM`. */
  offset: 'none' | 'zulu' | 'numeric';
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

export class DateFormatError extends Error {}

export function parseLocalDateTime(text: string, now: number): LocalDateTime {
  const trimmed = text.trim();
  if (/^now$/i.test(trimmed)) return { value: DateTime.fromMillis(now, { zone: 'utc' }), hasTime: true, offset: 'zulu' };
  if (/^today$/i.test(trimmed)) return { value: DateTime.fromMillis(now, { zone: 'utc' }).startOf('day'), hasTime: false, offset: 'none' };
  const match = ISO.exec(trimmed);
  if (!match) {
    throw new DateFormatError(`"${text}" is not an ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM])`);
  }
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map((field) => Number(field ?? 0));
  const millisecond = Number((match[7] ?? '').padEnd(3, '0').slice(0, 3));
  const value = DateTime.fromObject({ year, month, day, hour, minute, second, millisecond }, { zone: FixedOffsetZone.instance(offsetMinutes(match[8])) });
  // Luxon reads 24:00 as the next midnight; the times written here stop at 23:59:59.
  if (!value.isValid || hour > 23) throw new DateFormatError(`"${text}" is not a valid date or time`);
  const offset = match[8] === undefined ? 'none' : /^z$/i.test(match[8]) ? 'zulu' : 'numeric';
  return { value, hasTime: match[4] !== undefined, offset };
}

export function formatLocalDateTime(date: LocalDateTime): string {
  const { value } = date;
  if (!(value.year >= 0 && value.year <= 9999)) throw new RangeError('The result falls outside the years 0000–9999');
  if (!date.hasTime) return value.toFormat('yyyy-MM-dd');
  const wall = value.toFormat(value.millisecond ? "yyyy-MM-dd'T'HH:mm:ss.SSS" : "yyyy-MM-dd'T'HH:mm:ss");
  if (date.offset === 'none') return wall;
  return wall + (date.offset === 'zulu' && value.offset === 0 ? 'Z' : value.toFormat('ZZ'));
}

function offsetMinutes(text: string | undefined): number {
  if (text === undefined || /^z$/i.test(text)) return 0;
  const digits = text.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5) || 0);
  return digits[0] === '-' ? -minutes : minutes;
}
