/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { DateTime, Duration, FixedOffsetZone, IANAZone } from 'luxon';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export interface WallTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

/** An input moment: a calendar day, or a wall-clock time with an offset (`Z`, `+02:00`) or without one. */
export type Moment = { kind: 'date'; date: CalendarDate } | { kind: 'date-time'; wall: WallTime; offsetMinutes?: number };

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Reads `2025-03-10`, `2025-03-10T14:30`, `2025-03-10T14:30:00Z` or `2025-03-10 14:30+02:00`; throws on anything else. */
export function parseMoment(text: string, field: string): Moment {
  const match = ISO.exec(text.trim());
  const [year, month, day, hour, minute, second] = (match?.slice(1, 7) ?? []).map((part) => (part === undefined ? 0 : Number(part)));
  // Luxon reads 24:00 as the next midnight; the times written here stop at 23:59:59.
  const valid = match && year >= 1000 && hour <= 23 && DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: 'utc' }).isValid;
  if (!valid)
    throw new ToolError('invalid_date', `${field} must be an ISO 8601 date (2025-03-10) or date-time (2025-03-10T14:30, optionally with Z or an offset).`);
  const date = { year, month, day };
  if (match[4] === undefined) return { kind: 'date', date };
  return { kind: 'date-time', wall: { ...date, hour, minute, second }, offsetMinutes: parseOffset(match[7]) };
}

/**
 * Epoch milliseconds of a date-time: its own offset wins, else it is a wall-clock time in `timeZone`.
 * As RFC 5545 §3.3.5 reads local times: one skipped by a DST change takes the offset before the
 * change, one that happens twice is its first occurrence.
 */
export function toUtc(moment: Extract<Moment, { kind: 'date-time' }>, timeZone: string): number {
  if (moment.offsetMinutes !== undefined) return DateTime.fromObject(moment.wall, { zone: FixedOffsetZone.instance(moment.offsetMinutes) }).toMillis();
  const local = DateTime.fromObject(moment.wall, { zone: timeZone });
  return Math.min(...local.getPossibleOffsets().map((candidate) => candidate.toMillis()));
}

/** Throws a readable error for a time zone the runtime does not know. */
export function checkTimeZone(timeZone: string): void {
  if (!IANAZone.isValidZone(timeZone))
    throw new ToolError('invalid_time_zone', `Unknown time zone "${timeZone}"; use an IANA name such as "Europe/Paris" or "UTC".`);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const { year, month, day } = day0(date).plus({ days });
  return { year, month, day };
}

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return day0(to).diff(day0(from), 'days').days;
}

/** Epoch milliseconds of 23:59:59 on that day in `timeZone` (a DST change that day makes it 23 or 25 hours long). */
export function lastSecondOf(date: CalendarDate, timeZone: string): number {
  return DateTime.fromObject(date, { zone: timeZone }).endOf('day').startOf('second').toMillis();
}

/** The UTC calendar day of an instant. */
export function utcDateOf(utcMs: number): CalendarDate {
  const { year, month, day } = DateTime.fromMillis(utcMs, { zone: 'utc' });
  return { year, month, day };
}

/** `20250310T133000Z` (RFC 5545 UTC date-time, form #2). */
export function icsUtc(utcMs: number): string {
  return DateTime.fromMillis(utcMs, { zone: 'utc' }).toFormat("yyyyMMdd'T'HHmmss'Z'");
}

/** `20250310` (RFC 5545 DATE). */
export function icsDate(date: CalendarDate): string {
  return day0(date).toFormat('yyyyMMdd');
}

export function isoDate(date: CalendarDate): string {
  return day0(date).toFormat('yyyy-MM-dd');
}

export function isoUtc(utcMs: number): string {
  return DateTime.fromMillis(utcMs, { zone: 'utc' }).toFormat("yyyy-MM-dd'T'HH:mm:ss'Z'");
}

/** A negative DURATION for an alarm trigger: 0 → `PT0S`, 90 → `-PT1H30M`, 1440 → `-P1D`. */
export function triggerBefore(minutes: number): string {
  const duration = Duration.fromObject({ minutes }).shiftTo('days', 'hours', 'minutes').toISO();
  return minutes === 0 ? duration : `-${duration}`;
}

/** A calendar day as midnight UTC: day arithmetic without any zone's DST in the way. */
function day0(date: CalendarDate): DateTime {
  return DateTime.fromObject(date, { zone: 'utc' });
}

function parseOffset(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text.toUpperCase() === 'Z') return 0;
  const [, sign, hours, minutes = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(text) ?? [];
  const total = Number(hours) * 60 + Number(minutes);
  return sign === '-' ? -total : total;
}
