import { DateTime } from 'luxon';
import dateCalc from '../../../tools-builtin/date_calc';
import { formatLocalDateTime, parseLocalDateTime } from '../../../tools-builtin/date_calc/local-date-time';
import { weekdaysBetween } from '../../../tools-builtin/date_calc/weekdays-between';

const NOW = Date.UTC(2025, 5, 15, 12, 0, 0);

describe('date_calc weekdays', () => {
  it('When weekdays are counted between any two days of 2024, Then the count equals a day-by-day count', () => {
    const start = DateTime.fromObject({ year: 2024, month: 1, day: 1 }, { zone: 'utc' });
    for (let from = 0; from < 30; from += 3) {
      for (let length = 0; length < 40; length += 1) {
        const first = start.plus({ days: from });
        let expected = 0;
        for (let day = 0; day < length; day += 1) if (first.plus({ days: day }).weekday < 6) expected += 1;
        expect({ from, length, count: weekdaysBetween(first, first.plus({ days: length })) }).toEqual({ from, length, count: expected });
      }
    }
  });
});

describe('date_calc calendar', () => {
  it('When a calendar span is added back to its start, Then it lands on its end', () => {
    const starts = ['2024-01-31T10:00:00Z', '2023-02-28T23:59:00Z', '2020-12-31T00:00:00Z'];
    for (const start of starts) {
      for (let hours = 0; hours < 24 * 800; hours += 97) {
        const end = new Date(Date.parse(start) + hours * 3_600_000 + 17_000).toISOString().replace('.000Z', 'Z');
        const span = dateCalc({ operation: 'difference', date: start, end_date: end });
        if (!span.calendar) throw new Error(JSON.stringify(span));
        const { negative, ...duration } = span.calendar;
        expect(negative).toBe(false);
        expect(span.calendar.months).toBeLessThan(12);
        expect(dateCalc({ operation: 'add', date: start, duration })).toMatchObject({ result: end });
      }
    }
  });

  it('When months are added across year ends and into short months, Then days clamp to the month end', () => {
    expect(dateCalc({ operation: 'add', date: '2023-01-31T08:00:00Z', duration: { months: 1 } })).toMatchObject({ result: '2023-02-28T08:00:00Z' });
    expect(dateCalc({ operation: 'add', date: '2024-12-15', duration: { months: 14 } })).toMatchObject({ result: '2026-02-15' });
    expect(dateCalc({ operation: 'subtract', date: '2024-03-31', duration: { months: 13 } })).toMatchObject({ result: '2023-02-28' });
  });

  it.each([
    ['2005-01-01', 53, 2004],
    ['2007-12-31', 1, 2008],
    ['2008-12-28', 52, 2008],
    ['2009-12-31', 53, 2009],
    ['2010-01-03', 53, 2009],
    ['2024-07-04', 27, 2024],
  ])('When the ISO week of %s is asked, Then it is week %i of %i', (date, week, year) => {
    expect(dateCalc({ operation: 'day_of_week', date })).toMatchObject({ iso_week: week, iso_week_year: year });
  });
});

describe('date_calc local date-time', () => {
  it.each([
    ['2024-03-10', '2024-03-10'],
    ['2024-03-10T09:05', '2024-03-10T09:05:00'],
    ['2024-03-10 09:05:07.1234z', '2024-03-10T09:05:07.123Z'],
    ['2024-03-10T09:05:07+0530', '2024-03-10T09:05:07+05:30'],
    ['2024-03-10T09:05:07-03', '2024-03-10T09:05:07-03:00'],
    ['2024-03-10T09:05:07+00:00', '2024-03-10T09:05:07+00:00'],
    ['0099-12-31', '0099-12-31'],
  ])('When %s is parsed and formatted, Then it reads %s', (text, formatted) => {
    expect(formatLocalDateTime(parseLocalDateTime(text, NOW))).toBe(formatted);
  });

  it.each(['2024-13-01', '2024-02-30', '2023-02-29', '2024-01-01T24:00', '2024-01-01T23:60', '2024-1-1', 'tomorrow'])(
    'When %s is parsed, Then it is refused',
    (text) => {
      expect(() => parseLocalDateTime(text, NOW)).toThrow();
    },
  );

  it('When now and today are parsed, Then they are the given clock in UTC', () => {
    expect(formatLocalDateTime(parseLocalDateTime('now', NOW))).toBe('2025-06-15T12:00:00Z');
    expect(formatLocalDateTime(parseLocalDateTime('TODAY', NOW))).toBe('2025-06-15');
  });
});
