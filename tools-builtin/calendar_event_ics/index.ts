import { EventInput } from './event-input';
import { resolveTiming } from './event-timing';
import { calendarLines } from './ics-event';
import { serialize } from './ics-text';
import { isoDate, isoUtc } from './ics-time';

interface Output {
  ics: string;
  filename: string;
  content_type: 'text/calendar; charset=utf-8';
  uid: string;
  all_day: boolean;
  /** UTC instants (`2025-03-10T13:30:00Z`), or dates for all-day events (end exclusive). */
  start: string;
  end: string;
}

export default function calendarEventIcs(input: EventInput): Output {
  const timing = resolveTiming(input);
  const uid = input.uid ?? `${randomUuid()}@agent-platform`;
  const ics = serialize(calendarLines(input, timing, uid, Date.now()));
  return {
    ics,
    filename: `${slug(input.title)}.ics`,
    content_type: 'text/calendar; charset=utf-8',
    uid,
    all_day: timing.allDay,
    start: timing.allDay ? isoDate(timing.start) : isoUtc(timing.startMs),
    end: timing.allDay ? isoDate(timing.endExclusive) : isoUtc(timing.endMs),
  };
}

// The sandbox has no crypto; a UID only has to be unique (RFC 5545 §3.8.4.7), not secret.
function randomUuid(): string {
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (char) => {
    const nibble = Math.floor(Math.random() * 16);
    return (char === 'x' ? nibble : (nibble & 0x3) | 0x8).toString(16);
  });
}

function slug(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return base || 'event';
}
