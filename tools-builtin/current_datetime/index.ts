/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { DateTime } from 'luxon';

interface Input {
  time_zone?: string;
  locale?: string;
}

interface Output {
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

export default function currentDatetime(input: Input): Output {
  const requested = input.time_zone ?? 'UTC';
  const locale = input.locale ?? 'en-US';
  let timeZone: string;
  try {
    // Canonical spelling: `asia/tokyo` becomes `Asia/Tokyo` (Luxon keeps a zone's name as it was written).
    timeZone = new Intl.DateTimeFormat('en-US', { timeZone: requested }).resolvedOptions().timeZone;
  } catch {
    throw new ToolError('invalid_time_zone', `Unknown time zone "${requested}"; use an IANA name such as Europe/Paris or UTC`);
  }
  const now = DateTime.now().setZone(timeZone);
  let formatted: string;
  try {
    formatted = now.toLocaleString({ dateStyle: 'full', timeStyle: 'long' }, { locale });
  } catch {
    throw new ToolError('invalid_locale', `Unknown locale "${locale}"; use a BCP 47 tag such as en-US or fr-FR`);
  }
  return {
    iso_utc: now.toUTC().toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"),
    iso_local: now.toFormat("yyyy-MM-dd'T'HH:mm:ss.SSSZZ"),
    time_zone: timeZone,
    utc_offset: now.toFormat('ZZ'),
    unix_seconds: Math.floor(now.toSeconds()),
    unix_ms: now.toMillis(),
    date: now.toFormat('yyyy-MM-dd'),
    time: now.toFormat('HH:mm:ss'),
    day_of_week: now.toFormat('cccc', { locale: 'en-US' }),
    iso_week: now.weekNumber,
    day_of_year: now.ordinal,
    formatted,
  };
}
