import { daysInMonth, utc } from './local-date-time';

export const DAY_MS = 86_400_000;
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** Adds calendar months; a day that does not exist in the target month is clamped (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(wallMs: number, months: number): number {
  const date = new Date(wallMs);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12 + 1;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  return utc(year, month, day) + (wallMs - utc(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()));
}

export interface CalendarSpan {
  years: number;
  months: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** The span from `start` to a later `end` in whole months first, then days and time (start + span = end). */
export function calendarSpan(start: number, end: number): CalendarSpan {
  const from = new Date(start);
  const to = new Date(end);
  let months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + (to.getUTCMonth() - from.getUTCMonth());
  while (months > 0 && addMonths(start, months) > end) months -= 1;
  let rest = end - addMonths(start, months);
  const days = Math.floor(rest / DAY_MS);
  rest -= days * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  return { years: Math.floor(months / 12), months: months % 12, days, hours, minutes, seconds: rest / 1000 };
}

/** Monday–Friday days from the start date (included) to the end date (excluded). */
export function weekdaysBetween(startDay: number, endDay: number): number {
  const days = Math.round((endDay - startDay) / DAY_MS);
  const fullWeeks = Math.floor(days / 7);
  let count = fullWeeks * 5;
  const firstWeekday = new Date(startDay).getUTCDay();
  for (let i = 0; i < days % 7; i += 1) {
    const weekday = (firstWeekday + i) % 7;
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}

export function isoWeek(wallMs: number): { week: number; year: number } {
  const date = new Date(startOfDay(wallMs));
  const weekday = date.getUTCDay() || 7;
  // The Thursday of this week decides the week-based year.
  date.setUTCDate(date.getUTCDate() + 4 - weekday);
  const weekYear = date.getUTCFullYear();
  return { week: Math.ceil(((date.getTime() - utc(weekYear, 1, 1)) / DAY_MS + 1) / 7), year: weekYear };
}

export function startOfDay(wallMs: number): number {
  return wallMs - mod(wallMs, DAY_MS);
}

function mod(value: number, divisor: number): number {
  return ((value % divisor) + divisor) % divisor;
}
