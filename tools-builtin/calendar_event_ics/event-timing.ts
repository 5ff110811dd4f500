/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { EventInput } from './event-input';
import { addDays, CalendarDate, checkTimeZone, daysBetween, icsDate, icsUtc, lastSecondOf, Moment, parseMoment, toUtc, utcDateOf } from './ics-time';

/** When the event happens: whole days (end exclusive, as RFC 5545 wants) or two UTC instants. */
export type EventTiming =
  | { allDay: true; start: CalendarDate; endExclusive: CalendarDate }
  | {
      allDay: false;
      startMs: number;
      endMs: number;
      /** Days between the local start date and the UTC one (-1, 0 or 1): weekdays of a UTC RRULE move with it. */
      utcDayShift: number;
    };

const DEFAULT_MINUTES = 60;
const MINUTE = 60_000;

export function resolveTiming(input: EventInput): EventTiming {
  const timeZone = input.timezone ?? 'UTC';
  checkTimeZone(timeZone);
  if (input.end !== undefined && input.duration_minutes !== undefined) throw new ToolError('invalid_input', 'Give either end or duration_minutes, not both.');
  const start = parseMoment(input.start, 'start');
  const end = input.end === undefined ? undefined : parseMoment(input.end, 'end');
  return (input.all_day ?? start.kind === 'date')
    ? allDayTiming(start, end, input.duration_minutes)
    : timedTiming(start, end, input.duration_minutes, timeZone);
}

function allDayTiming(start: Moment, end: Moment | undefined, minutes: number | undefined): EventTiming {
  const first = dayOf(start);
  // For all-day events `end` is the last day, inclusive, as people say it ("Mar 10 to Mar 12").
  const days = end ? daysBetween(first, dayOf(end)) + 1 : Math.max(1, Math.ceil((minutes ?? 1440) / 1440));
  if (days < 1) throw new ToolError('invalid_input', 'end must not be before start.');
  return { allDay: true, start: first, endExclusive: addDays(first, days) };
}

function timedTiming(start: Moment, end: Moment | undefined, minutes: number | undefined, timeZone: string): EventTiming {
  const startMs = instant(start, timeZone);
  const endMs = end ? instant(end, timeZone) : startMs + (minutes ?? DEFAULT_MINUTES) * MINUTE;
  if (endMs <= startMs) throw new ToolError('invalid_input', 'end must be after start.');
  return { allDay: false, startMs, endMs, utcDayShift: daysBetween(dayOf(start), utcDateOf(startMs)) };
}

/** RRULE's UNTIL in the same value type as DTSTART (§3.3.10); a bare date ends a timed series at that day's end. */
export function untilValue(until: string, timing: EventTiming, timeZone: string): string {
  const moment = parseMoment(until, 'recurrence.until');
  if (timing.allDay) {
    const day = dayOf(moment);
    if (daysBetween(timing.start, day) < 0) throw new ToolError('invalid_input', 'recurrence.until must not be before start.');
    return icsDate(day);
  }
  const ms = moment.kind === 'date' ? lastSecondOf(moment.date, timeZone) : instant(moment, timeZone);
  if (ms < timing.startMs) throw new ToolError('invalid_input', 'recurrence.until must not be before start.');
  return icsUtc(ms);
}

function dayOf(moment: Moment): CalendarDate {
  return moment.kind === 'date' ? moment.date : { year: moment.wall.year, month: moment.wall.month, day: moment.wall.day };
}

function instant(moment: Moment, timeZone: string): number {
  if (moment.kind === 'date-time') return toUtc(moment, timeZone);
  return toUtc({ kind: 'date-time', wall: { ...moment.date, hour: 0, minute: 0, second: 0 } }, timeZone);
}
