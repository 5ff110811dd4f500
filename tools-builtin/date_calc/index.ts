import { addMonths, calendarSpan, DAY_MS, isoWeek, startOfDay, weekdaysBetween, WEEKDAYS, type CalendarSpan } from './calendar';
import { DateFormatError, daysInMonth, epochMs, formatLocalDateTime, parseLocalDateTime, utc, type LocalDateTime } from './local-date-time';

interface Duration {
  years?: number;
  months?: number;
  weeks?: number;
  days?: number;
  hours?: number;
  minutes?: number;
  seconds?: number;
}

interface Input {
  operation: 'add' | 'subtract' | 'difference' | 'day_of_week';
  date: string;
  end_date?: string;
  duration?: Duration;
}

type ErrorCode = 'invalid_date' | 'missing_argument' | 'out_of_range';

interface Success {
  ok: true;
  operation: Input['operation'];
  result?: string;
  day_of_week?: string;
  total?: { days: number; hours: number; minutes: number; seconds: number; weeks: number };
  calendar?: CalendarSpan & { negative: boolean };
  weekdays?: number;
  date?: string;
  iso_weekday?: number;
  iso_week?: number;
  iso_week_year?: number;
  day_of_year?: number;
  quarter?: number;
  is_leap_year?: boolean;
  days_in_month?: number;
}

type Output = Success | { ok: false; error: { code: ErrorCode; message: string } };

class DateCalcError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export default function dateCalc(input: Input): Output {
  try {
    const now = Date.now();
    const date = parse(input.date, now);
    switch (input.operation) {
      case 'add':
      case 'subtract':
        return shift(input, date);
      case 'difference':
        if (input.end_date === undefined) throw new DateCalcError('missing_argument', 'difference needs end_date');
        return difference(date, parse(input.end_date, now));
      default:
        return describe(date);
    }
  } catch (error) {
    if (error instanceof DateCalcError) return { ok: false, error: { code: error.code, message: error.message } };
    if (error instanceof RangeError) return { ok: false, error: { code: 'out_of_range', message: error.message } };
    throw error;
  }
}

function parse(text: string, now: number): LocalDateTime {
  try {
    return parseLocalDateTime(text, now);
  } catch (error) {
    if (error instanceof DateFormatError) throw new DateCalcError('invalid_date', error.message);
    throw error;
  }
}

function shift(input: Input, date: LocalDateTime): Success {
  const duration = input.duration;
  if (!duration || Object.keys(duration).length === 0) throw new DateCalcError('missing_argument', `${input.operation} needs a duration`);
  const sign = input.operation === 'subtract' ? -1 : 1;
  const { years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0 } = duration;
  let wallMs = addMonths(date.wallMs, sign * (years * 12 + months));
  wallMs += sign * ((weeks * 7 + days) * DAY_MS + hours * 3_600_000 + minutes * 60_000 + Math.round(seconds * 1000));
  const result: LocalDateTime = { ...date, wallMs, hasTime: date.hasTime || wallMs !== startOfDay(wallMs) };
  return { ok: true, operation: input.operation, result: formatLocalDateTime(result), day_of_week: WEEKDAYS[new Date(wallMs).getUTCDay()] };
}

function difference(start: LocalDateTime, end: LocalDateTime): Success {
  const from = epochMs(start);
  const to = epochMs(end);
  const elapsed = to - from;
  // The calendar breakdown is read on the start's wall clock, so "1 month" means what the start's calendar says.
  const offset = (start.offsetMinutes ?? 0) * 60_000;
  const [early, late] = elapsed < 0 ? [to, from] : [from, to];
  return {
    ok: true,
    operation: 'difference',
    total: {
      days: round(elapsed / DAY_MS),
      hours: round(elapsed / 3_600_000),
      minutes: round(elapsed / 60_000),
      seconds: elapsed / 1000,
      weeks: round(elapsed / (7 * DAY_MS)),
    },
    calendar: { ...calendarSpan(early + offset, late + offset), negative: elapsed < 0 },
    weekdays: Math.sign(elapsed) * weekdaysBetween(startOfDay(early + offset), startOfDay(late + offset)),
  };
}

function describe(date: LocalDateTime): Success {
  const day = new Date(date.wallMs);
  const year = day.getUTCFullYear();
  const month = day.getUTCMonth() + 1;
  const week = isoWeek(date.wallMs);
  return {
    ok: true,
    operation: 'day_of_week',
    date: formatLocalDateTime(date),
    day_of_week: WEEKDAYS[day.getUTCDay()],
    iso_weekday: day.getUTCDay() || 7,
    iso_week: week.week,
    iso_week_year: week.year,
    day_of_year: (startOfDay(date.wallMs) - utc(year, 1, 1)) / DAY_MS + 1,
    quarter: Math.ceil(month / 3),
    is_leap_year: daysInMonth(year, 2) === 29,
    days_in_month: daysInMonth(year, month),
  };
}

function round(value: number): number {
  return Number(value.toFixed(6));
}
