import { DateTime } from 'luxon';

/** Monday–Friday days from the start day (included) to the end day (excluded); both at midnight on one clock. */
export function weekdaysBetween(startDay: DateTime, endDay: DateTime): number {
  const days = Math.round(endDay.diff(startDay, 'days').days);
  let count = Math.floor(days / 7) * 5;
  // Luxon's weekday is ISO's: 1 is Monday, 6 and 7 the weekend.
  for (let i = 0; i < days % 7; i += 1) if ((startDay.weekday - 1 + i) % 7 < 5) count += 1;
  return count;
}
