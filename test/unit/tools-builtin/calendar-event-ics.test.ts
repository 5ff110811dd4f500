import { resolveTiming } from '../../../tools-builtin/calendar_event_ics/event-timing';
import { calendarLines } from '../../../tools-builtin/calendar_event_ics/ics-event';
import { escapeText, foldLine, quoteParam, serialize } from '../../../tools-builtin/calendar_event_ics/ics-text';
import { icsUtc, parseMoment, toUtc, triggerBefore } from '../../../tools-builtin/calendar_event_ics/ics-time';

const NOW = Date.UTC(2025, 0, 2, 3, 4, 5);

describe('ics text', () => {
  it('When TEXT holds special characters, Then backslash, semicolon, comma and line breaks are escaped', () => {
    expect(escapeText('a\\b; c, d\r\ne\nf\rg\u0007')).toBe('a\\\\b\\; c\\, d\\ne\\nf\\ng');
  });

  it('When a parameter value holds quotes or separators, Then it is quoted without DQUOTE', () => {
    expect(quoteParam('Lopez, "Ana"; Ops:1')).toBe('"Lopez, Ana; Ops:1"');
  });

  it('When a line is over 75 octets, Then it folds into ≤75-octet lines that unfold to the original', () => {
    const line = `DESCRIPTION:${'é'.repeat(30)}${'x'.repeat(50)}😀${'y'.repeat(40)}`;
    const folded = foldLine(line);
    expect(folded.length).toBeGreaterThan(1);
    for (const [index, part] of folded.entries()) {
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
      if (index > 0) expect(part.startsWith(' ')).toBe(true);
    }
    expect(folded.map((part, index) => (index === 0 ? part : part.slice(1))).join('')).toBe(line);
  });

  it('When a line is exactly 75 octets, Then it is not folded', () => {
    expect(foldLine('x'.repeat(75))).toEqual(['x'.repeat(75)]);
  });

  it('When lines are serialized, Then they end with CRLF, the last one included', () => {
    expect(serialize(['A:1', 'B:2'])).toBe('A:1\r\nB:2\r\n');
  });
});

describe('ics time', () => {
  it.each([
    ['2025-03-10', { kind: 'date', date: { year: 2025, month: 3, day: 10 } }],
    ['2025-03-10T14:30', { kind: 'date-time', wall: { year: 2025, month: 3, day: 10, hour: 14, minute: 30, second: 0 }, offsetMinutes: undefined }],
    ['2025-03-10 14:30:15.250+0530', { kind: 'date-time', wall: { year: 2025, month: 3, day: 10, hour: 14, minute: 30, second: 15 }, offsetMinutes: 330 }],
    ['2025-03-10T14:30:00z', { kind: 'date-time', wall: { year: 2025, month: 3, day: 10, hour: 14, minute: 30, second: 0 }, offsetMinutes: 0 }],
  ])('When parsing %s, Then it reads the date and offset', (text, expected) => {
    expect(parseMoment(text, 'start')).toEqual(expected);
  });

  it.each(['2025-02-30', '2025-13-01', '2025-03-10T24:00', '10/03/2025', 'tomorrow', '0999-01-01'])('When parsing %s, Then it is refused', (text) => {
    expect(() => parseMoment(text, 'start')).toThrow(/start must be an ISO 8601 date/);
  });

  it('When a wall time is in a zone, Then it converts to UTC on both sides of a DST change', () => {
    const at = (text: string, zone: string): string => {
      const moment = parseMoment(text, 'start');
      if (moment.kind !== 'date-time') throw new Error('expected a date-time');
      return icsUtc(toUtc(moment, zone));
    };
    expect(at('2025-03-08T09:00', 'America/New_York')).toBe('20250308T140000Z');
    expect(at('2025-03-10T09:00', 'America/New_York')).toBe('20250310T130000Z');
    expect(at('2025-07-01T09:00', 'Europe/Paris')).toBe('20250701T070000Z');
    expect(at('2025-07-01T09:00', 'Asia/Kolkata')).toBe('20250701T033000Z');
    expect(at('2025-07-01T09:00-02:00', 'Asia/Tokyo')).toBe('20250701T110000Z');
  });

  it('When a wall time is skipped or repeated by a DST change, Then it is read as RFC 5545 says', () => {
    const at = (text: string, zone: string): string => {
      const moment = parseMoment(text, 'start');
      if (moment.kind !== 'date-time') throw new Error('expected a date-time');
      return icsUtc(toUtc(moment, zone));
    };
    // 02:30 does not exist on 9 March 2025 in New York: the offset before the gap (-05:00) applies.
    expect(at('2025-03-09T02:30', 'America/New_York')).toBe('20250309T073000Z');
    // 01:30 happens twice on 2 November 2025: the first one, still on daylight time (-04:00).
    expect(at('2025-11-02T01:30', 'America/New_York')).toBe('20251102T053000Z');
  });

  it('When a weekly series in a zone ends on the day clocks change, Then UNTIL is the last second of that local day', () => {
    const input = { title: 't', start: '2025-03-02T09:00', timezone: 'America/New_York', recurrence: { frequency: 'weekly' as const, until: '2025-03-09' } };
    expect(calendarLines(input, resolveTiming(input), 'u', NOW)).toContain('RRULE:FREQ=WEEKLY;UNTIL=20250310T035959Z');
  });

  it.each([
    [0, 'PT0S'],
    [15, '-PT15M'],
    [90, '-PT1H30M'],
    [1440, '-P1D'],
    [1530, '-P1DT1H30M'],
  ])('When an alarm is %i minutes before, Then the trigger is %s', (minutes, trigger) => {
    expect(triggerBefore(minutes)).toBe(trigger);
  });
});

describe('resolveTiming', () => {
  it('When only a start time is given, Then the event lasts an hour', () => {
    expect(resolveTiming({ title: 't', start: '2025-03-10T14:00:00Z' })).toMatchObject({
      allDay: false,
      startMs: Date.UTC(2025, 2, 10, 14),
      endMs: Date.UTC(2025, 2, 10, 15),
    });
  });

  it('When an all-day event names its last day, Then DTEND is the day after (exclusive)', () => {
    expect(resolveTiming({ title: 't', start: '2025-06-02', end: '2025-06-04' })).toEqual({
      allDay: true,
      start: { year: 2025, month: 6, day: 2 },
      endExclusive: { year: 2025, month: 6, day: 5 },
    });
  });

  it('When all_day is set on a date-time, Then its local date is used and a duration rounds up to whole days', () => {
    expect(resolveTiming({ title: 't', start: '2025-12-31T22:00', all_day: true, duration_minutes: 1500 })).toEqual({
      allDay: true,
      start: { year: 2025, month: 12, day: 31 },
      endExclusive: { year: 2026, month: 1, day: 2 },
    });
  });

  it.each([
    [{ start: '2025-03-10T10:00Z', end: '2025-03-10T09:00Z' }, /end must be after start/],
    [{ start: '2025-03-10', end: '2025-03-09' }, /end must not be before start/],
    [{ start: '2025-03-10T10:00', end: '2025-03-10T11:00', duration_minutes: 5 }, /either end or duration_minutes/],
    [{ start: '2025-03-10T10:00', timezone: 'Mars/Olympus' }, /Unknown time zone "Mars\/Olympus"/],
  ])('When the timing is inconsistent (%p), Then it is refused', (fields, message) => {
    expect(() => resolveTiming({ title: 't', ...fields })).toThrow(message);
  });
});

describe('calendarLines', () => {
  it('When an invitation has everything, Then the VEVENT carries every property in RFC 5545 form', () => {
    const input = {
      title: 'Review; Q1, final',
      start: '2025-03-10T14:30',
      duration_minutes: 90,
      timezone: 'Europe/Paris',
      description: 'Line one\nLine two',
      location: 'Room 4, Main office',
      url: 'https://example.com/meet',
      status: 'confirmed' as const,
      organizer: { email: 'lead@example.com', name: 'Team "Lead"' },
      attendees: [
        { email: 'ana@example.com', name: 'Lopez, Ana' },
        { email: 'ben@example.com', role: 'optional' as const, rsvp: false },
      ],
      alarms: [{ minutes_before: 15 }, { minutes_before: 1440, description: 'Tomorrow' }],
    };
    expect(calendarLines(input, resolveTiming(input), 'abc@agent-platform', NOW)).toEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//agent-platform//calendar_event_ics 1.0//EN',
      'CALSCALE:GREGORIAN',
      'METHOD:REQUEST',
      'BEGIN:VEVENT',
      'UID:abc@agent-platform',
      'DTSTAMP:20250102T030405Z',
      'DTSTART:20250310T133000Z',
      'DTEND:20250310T150000Z',
      'SEQUENCE:0',
      'SUMMARY:Review\\; Q1\\, final',
      'DESCRIPTION:Line one\\nLine two',
      'LOCATION:Room 4\\, Main office',
      'URL:https://example.com/meet',
      'STATUS:CONFIRMED',
      'ORGANIZER;CN="Team Lead":mailto:lead@example.com',
      'ATTENDEE;CN="Lopez, Ana";ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:ana@example.com',
      'ATTENDEE;ROLE=OPT-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=FALSE:mailto:ben@example.com',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Review\\; Q1\\, final',
      'TRIGGER:-PT15M',
      'END:VALARM',
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      'DESCRIPTION:Tomorrow',
      'TRIGGER:-P1D',
      'END:VALARM',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
  });

  it('When attendees come without an organizer, Then no iTIP METHOD is claimed', () => {
    const input = { title: 't', start: '2025-03-10', attendees: [{ email: 'a@example.com' }] };
    expect(calendarLines(input, resolveTiming(input), 'u', NOW)).not.toContainEqual(expect.stringMatching(/^METHOD:/));
  });

  it('When a weekly series starts on a local Monday that is Sunday in UTC, Then BYDAY moves with it', () => {
    const input = {
      title: 't',
      start: '2025-01-06T08:00',
      timezone: 'Asia/Tokyo',
      recurrence: { frequency: 'weekly' as const, interval: 2, until: '2025-03-31', by_weekday: ['MO' as const, 'WE' as const] },
    };
    const lines = calendarLines(input, resolveTiming(input), 'u', NOW);
    expect(lines).toContain('DTSTART:20250105T230000Z');
    // UNTIL of a bare date is the end of that local day, in UTC.
    expect(lines).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;UNTIL=20250331T145959Z;BYDAY=SU,TU');
  });

  it('When an all-day series has an end date, Then UNTIL is a DATE', () => {
    const input = { title: 't', start: '2025-01-01', recurrence: { frequency: 'yearly' as const, until: '2030-01-01T10:00' } };
    expect(calendarLines(input, resolveTiming(input), 'u', NOW)).toEqual(
      expect.arrayContaining(['DTSTART;VALUE=DATE:20250101', 'DTEND;VALUE=DATE:20250102', 'RRULE:FREQ=YEARLY;UNTIL=20300101', 'METHOD:PUBLISH']),
    );
  });

  it('When count and until are both given, Then it is refused', () => {
    const input = { title: 't', start: '2025-01-01', recurrence: { frequency: 'daily' as const, count: 3, until: '2025-02-01' } };
    expect(() => calendarLines(input, resolveTiming(input), 'u', NOW)).toThrow(/count or recurrence.until, not both/);
  });
});
