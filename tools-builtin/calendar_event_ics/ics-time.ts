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
export type Moment =
  | { kind: 'date'; date: CalendarDate }
  | { kind: 'date-time'; wall: WallTime; offsetMinutes?: number };

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;
const MINUTE = 60_000;
const DAY = 86_400_000;

/** Reads `2025-03-10`, `2025-03-10T14:30`, `2025-03-10T14:30:00Z` or `2025-03-10 14:30+02:00`; throws on anything else. */
export function parseMoment(text: string, field: string): Moment {
  const match = ISO.exec(text.trim());
  const [year, month, day, hour, minute, second] = (match?.slice(1, 7) ?? []).map((part) => (part === undefined ? 0 : Number(part)));
  const valid = match && year >= 1000 && validDay(year, month, day) && hour <= 23 && minute <= 59 && second <= 59;
  if (!valid) throw new Error(`${field} must be an ISO 8601 date (2025-03-10) or date-time (2025-03-10T14:30, optionally with Z or an offset).`);
  const date = { year, month, day };
  if (match[4] === undefined) return { kind: 'date', date };
  return { kind: 'date-time', wall: { ...date, hour, minute, second }, offsetMinutes: parseOffset(match[7]) };
}

/** Epoch milliseconds of a date-time: its own offset wins, else it is a wall-clock time in `timeZone`. */
export function toUtc(moment: Extract<Moment, { kind: 'date-time' }>, timeZone: string): number {
  const wall = wallMs(moment.wall);
  if (moment.offsetMinutes !== undefined) return wall - moment.offsetMinutes * MINUTE;
  // Two passes settle the offset around a DST change (the second uses the offset at the first guess).
  const first = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(first, timeZone);
}

/** Throws a readable error for a time zone the runtime does not know. */
export function checkTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw new Error(`Unknown time zone "${timeZone}"; use an IANA name such as "Europe/Paris" or "UTC".`);
  }
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const moved = new Date(wallMs({ ...date, hour: 0, minute: 0, second: 0 }) + days * DAY);
  return { year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate() };
}

export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((wallMs({ ...to, hour: 0, minute: 0, second: 0 }) - wallMs({ ...from, hour: 0, minute: 0, second: 0 })) / DAY);
}

/** `20250310T133000Z` (RFC 5545 UTC date-time, form #2). */
export function icsUtc(utcMs: number): string {
  return new Date(utcMs).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** `20250310` (RFC 5545 DATE). */
export function icsDate(date: CalendarDate): string {
  return isoDate(date).replace(/-/g, '');
}

export function isoDate(date: CalendarDate): string {
  return `${String(date.year).padStart(4, '0')}-${pad(date.month)}-${pad(date.day)}`;
}

export function isoUtc(utcMs: number): string {
  return new Date(utcMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A negative DURATION for an alarm trigger: 0 → `PT0S`, 90 → `-PT1H30M`, 1440 → `-P1D`. */
export function triggerBefore(minutes: number): string {
  if (minutes === 0) return 'PT0S';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const time = `${hours ? `${hours}H` : ''}${rest ? `${rest}M` : ''}`;
  return `-P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

function offsetAt(utcMs: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(new Date(utcMs));
  const field = (type: string): number => Number(parts.find((part) => part.type === type)?.value ?? 0);
  const wall = wallMs({ year: field('year'), month: field('month'), day: field('day'), hour: field('hour'), minute: field('minute'), second: field('second') });
  return wall - Math.floor(utcMs / 1000) * 1000;
}

function wallMs(time: WallTime): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
}

function validDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function parseOffset(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (text.toUpperCase() === 'Z') return 0;
  const [, sign, hours, minutes = '0'] = /^([+-])(\d{2}):?(\d{2})?$/.exec(text) ?? [];
  const total = Number(hours) * 60 + Number(minutes);
  return sign === '-' ? -total : total;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}
