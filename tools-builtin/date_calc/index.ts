/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { DateTime } from 'luxon';
import { DateFormatError, formatLocalDateTime, parseLocalDateTime, type LocalDateTime } from './local-date-time';
import { weekdaysBetween } from './weekdays-between';

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

interface CalendarSpan {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

interface Output {
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

export default function dateCalc(input: Input): Output {
  try {
    return calculate(input, Date.now());
  } catch (error) {
    if (error instanceof RangeError) throw new ToolError('out_of_range', error.message);
    throw error;
  }
}

function calculate(input: Input, now: number): Output {
  const date = parse(input.date, now);
  switch (input.operation) {
    case 'add':
    case 'subtract':
      return shift(input, date);
    case 'difference':
      if (input.end_date === undefined) throw new ToolError('invalid_input', 'difference needs end_date');
      return difference(date, parse(input.end_date, now));
    default:
      return describe(date);
  }
}

function parse(text: string, now: number): LocalDateTime {
  try {
    return parseLocalDateTime(text, now);
  } catch (error) {
    if (error instanceof DateFormatError) throw new ToolError('invalid_date', error.message);
    throw error;
  }
}

const DAY_MS = 86_400_000;

function shift(input: Input, date: LocalDateTime): Output {
  const duration = input.duration;
  if (!duration || Object.keys(duration).length === 0) throw new ToolError('invalid_input', `${input.operation} needs a duration`);
  const sign = input.operation === 'subtract' ? -1 : 1;
  const { years = 0, months = 0, weeks = 0, days = 0, hours = 0, minutes = 0, seconds = 0 } = duration;
  // Calendar months first (a missing day clamps to the month's end), then days and time on the fixed-offset clock.
  const value = date.value.plus({
    years: sign * years,
    months: sign * months,
    days: sign * (weeks * 7 + days),
    milliseconds: sign * Math.round(hours * 3_600_000 + minutes * 60_000 + seconds * 1000),
  });
  const result: LocalDateTime = { ...date, value, hasTime: date.hasTime || !value.equals(value.startOf('day')) };
  return { operation: input.operation, result: formatLocalDateTime(result), day_of_week: weekdayName(value) };
}

function difference(start: LocalDateTime, end: LocalDateTime): Output {
  const elapsed = end.value.toMillis() - start.value.toMillis();
  // The calendar breakdown is read on the start's wall clock, so "1 month" means what the start's calendar says.
  const [early, late] = (elapsed < 0 ? [end.value, start.value] : [start.value, end.value]).map((value) => value.setZone(start.value.zone));
  const span = late.diff(early, ['years', 'months', 'days', 'hours', 'minutes', 'seconds']);
  const calendar = { years: span.years, months: span.months, days: span.days, hours: span.hours, minutes: span.minutes, seconds: span.seconds };
  return {
    operation: 'difference',
    total: {
      days: round(elapsed / DAY_MS),
      hours: round(elapsed / 3_600_000),
      minutes: round(elapsed / 60_000),
      seconds: elapsed / 1000,
      weeks: round(elapsed / (7 * DAY_MS)),
    },
    calendar: { ...calendar, negative: elapsed < 0 },
    weekdays: Math.sign(elapsed) * weekdaysBetween(early.startOf('day'), late.startOf('day')),
  };
}

function describe(date: LocalDateTime): Output {
  const { value } = date;
  return {
    operation: 'day_of_week',
    date: formatLocalDateTime(date),
    day_of_week: weekdayName(value),
    iso_weekday: value.weekday,
    iso_week: value.weekNumber,
    iso_week_year: value.weekYear,
    day_of_year: value.ordinal,
    quarter: value.quarter,
    is_leap_year: value.isInLeapYear,
    days_in_month: value.daysInMonth ?? 0,
  };
}

function weekdayName(value: DateTime): string {
  return value.toFormat('cccc', { locale: 'en-US' });
}

function round(value: number): number {
  return Number(value.toFixed(6));
}
