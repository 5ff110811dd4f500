import { isoWeek, zonedParts, type ZonedParts } from './zoned-parts';

interface Input {
  time_zone?: string;
  locale?: string;
}

interface Now {
  ok: true;
  iso_utc: string;
  iso_local: string;
  time_zone: string;
  utc_offset: string;
  unix_seconds: number;
  unix_ms: number;
  date: string;
  time: string;
  day_of_week: string;
  iso_week: number;
  day_of_year: number;
  formatted: string;
}

type Output = Now | { ok: false; error: { code: 'invalid_time_zone' | 'invalid_locale'; message: string } };

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export default function currentDatetime(input: Input): Output {
  const requested = input.time_zone ?? 'UTC';
  const locale = input.locale ?? 'en-US';
  let timeZone: string;
  try {
    // Canonical spelling: `asia/tokyo` becomes `Asia/Tokyo`.
    timeZone = new Intl.DateTimeFormat('en-US', { timeZone: requested }).resolvedOptions().timeZone;
  } catch {
    return { ok: false, error: { code: 'invalid_time_zone', message: `Unknown time zone "${requested}"; use an IANA name such as Europe/Paris or UTC` } };
  }
  let formatter: Intl.DateTimeFormat;
  try {
    formatter = new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'full', timeStyle: 'long' });
  } catch {
    return { ok: false, error: { code: 'invalid_locale', message: `Unknown locale "${locale}"; use a BCP 47 tag such as en-US or fr-FR` } };
  }
  const now = Date.now();
  return describe(now, timeZone, zonedParts(now, timeZone), formatter.format(now));
}

function describe(now: number, timeZone: string, local: ZonedParts, formatted: string): Now {
  const date = `${pad(local.year, 4)}-${pad(local.month)}-${pad(local.day)}`;
  const time = `${pad(local.hour)}:${pad(local.minute)}:${pad(local.second)}`;
  const offset = formatOffset(local.offsetMinutes);
  const calendarDay = Date.UTC(local.year, local.month - 1, local.day);
  return {
    ok: true,
    iso_utc: new Date(now).toISOString(),
    iso_local: `${date}T${time}.${pad(now % 1000, 3)}${offset}`,
    time_zone: timeZone,
    utc_offset: offset,
    unix_seconds: Math.floor(now / 1000),
    unix_ms: now,
    date,
    time,
    day_of_week: WEEKDAYS[new Date(calendarDay).getUTCDay()],
    iso_week: isoWeek(local.year, local.month, local.day).week,
    day_of_year: (calendarDay - Date.UTC(local.year, 0, 1)) / 86_400_000 + 1,
    formatted,
  };
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const absolute = Math.abs(minutes);
  return `${sign}${pad(Math.floor(absolute / 60))}:${pad(absolute % 60)}`;
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0');
}
