import { addMonths, calendarSpan, isoWeek, weekdaysBetween } from '../../../tools-builtin/date_calc/calendar';
import { formatLocalDateTime, parseLocalDateTime } from '../../../tools-builtin/date_calc/local-date-time';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

describe('date_calc calendar', () => {
  it('When weekdays are counted between any two days of 2024, Then the count equals a day-by-day count', () => {
    const start = Date.UTC(2024, 0, 1);
    for (let from = 0; from < 30; from += 3) {
      for (let length = 0; length < 40; length += 1) {
        const first = start + from * DAY;
        let expected = 0;
        for (let day = 0; day < length; day += 1) if (![0, 6].includes(new Date(first + day * DAY).getUTCDay())) expected += 1;
        expect({ from, length, count: weekdaysBetween(first, first + length * DAY) }).toEqual({ from, length, count: expected });
      }
    }
  });

  it('When a calendar span is added back to its start, Then it lands on its end', () => {
    const starts = [Date.UTC(2024, 0, 31, 10), Date.UTC(2023, 1, 28, 23, 59), Date.UTC(2020, 11, 31)];
    for (const start of starts) {
      for (let hours = 0; hours < 24 * 800; hours += 97) {
        const end = start + hours * 3_600_000 + 17_000;
        const span = calendarSpan(start, end);
        const back = addMonths(start, span.years * 12 + span.months) + span.days * DAY + span.hours * 3_600_000 + span.minutes * 60_000 + span.seconds * 1000;
        expect(back).toBe(end);
        expect(span.months).toBeLessThan(12);
      }
    }
  });

  it('When months are added across year ends and into short months, Then days clamp to the month end', () => {
    expect(new Date(addMonths(Date.UTC(2023, 0, 31, 8), 1)).toISOString()).toBe('2023-02-28T08:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2024, 11, 15), 14)).toISOString()).toBe('2026-02-15T00:00:00.000Z');
    expect(new Date(addMonths(Date.UTC(2024, 2, 31), -13)).toISOString()).toBe('2023-02-28T00:00:00.000Z');
  });

  it.each([
    ['2005-01-01', 53, 2004],
    ['2007-12-31', 1, 2008],
    ['2008-12-28', 52, 2008],
    ['2009-12-31', 53, 2009],
    ['2010-01-03', 53, 2009],
    ['2024-07-04', 27, 2024],
  ])('When the ISO week of %s is asked, Then it is week %i of %i', (date, week, year) => {
    expect(isoWeek(parseLocalDateTime(date, NOW).wallMs)).toEqual({ week, year });
  });
});

describe('date_calc local date-time', () => {
  it.each([
    ['2024-03-10', '2024-03-10'],
    ['2024-03-10T09:05', '2024-03-10T09:05:00'],
    ['2024-03-10 09:05:07.1234z', '2024-03-10T09:05:07.123Z'],
    ['2024-03-10T09:05:07+0530', '2024-03-10T09:05:07+05:30'],
    ['2024-03-10T09:05:07-03', '2024-03-10T09:05:07-03:00'],
    ['0099-12-31', '0099-12-31'],
  ])('When %s is parsed and formatted, Then it reads %s', (text, formatted) => {
    expect(formatLocalDateTime(parseLocalDateTime(text, NOW))).toBe(formatted);
  });

  it.each(['2024-13-01', '2024-02-30', '2023-02-29', '2024-01-01T24:00', '2024-1-1', 'tomorrow'])('When %s is parsed, Then it is refused', (text) => {
    expect(() => parseLocalDateTime(text, NOW)).toThrow();
  });

  it('When now and today are parsed, Then they are the given clock in UTC', () => {
    expect(formatLocalDateTime(parseLocalDateTime('now', NOW))).toBe('2025-06-15T12:00:00Z');
    expect(formatLocalDateTime(parseLocalDateTime('TODAY', NOW))).toBe('2025-06-15');
  });
});
