/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { AttendeeRole, EventInput, Weekday } from './event-input';
import { EventTiming, untilValue } from './event-timing';
import { escapeText, quoteParam } from './ics-text';
import { icsDate, icsUtc, triggerBefore } from './ics-time';

const PRODID = '-//agent-platform//calendar_event_ics 1.0//EN';
const WEEKDAYS: Weekday[] = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const ROLES: { [role in AttendeeRole]: string } = {
  required: 'REQ-PARTICIPANT',
  optional: 'OPT-PARTICIPANT',
  chair: 'CHAIR',
  non_participant: 'NON-PARTICIPANT',
};

/** The unfolded content lines of a VCALENDAR holding one VEVENT. */
export function calendarLines(input: EventInput, timing: EventTiming, uid: string, nowMs: number): string[] {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODID}`,
    'CALSCALE:GREGORIAN',
    ...methodLine(input),
    'BEGIN:VEVENT',
    `UID:${escapeText(uid)}`,
    `DTSTAMP:${icsUtc(nowMs)}`,
    ...timingLines(timing),
    ...(input.recurrence ? [ruleLine(input, timing)] : []),
    'SEQUENCE:0',
    `SUMMARY:${escapeText(input.title)}`,
    ...optionalText('DESCRIPTION', input.description),
    ...optionalText('LOCATION', input.location),
    ...(input.url ? [`URL:${input.url}`] : []),
    ...(input.status ? [`STATUS:${input.status.toUpperCase()}`] : []),
    ...(input.organizer ? [`ORGANIZER${nameParam(input.organizer.name)}:mailto:${input.organizer.email}`] : []),
    ...(input.attendees ?? []).map(
      (a) =>
        `ATTENDEE${nameParam(a.name)};ROLE=${ROLES[a.role ?? 'required']};PARTSTAT=NEEDS-ACTION;RSVP=${a.rsvp === false ? 'FALSE' : 'TRUE'}:mailto:${a.email}`,
    ),
    ...(input.alarms ?? []).flatMap((alarm) => [
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(alarm.description ?? input.title)}`,
      `TRIGGER:${triggerBefore(alarm.minutes_before)}`,
      'END:VALARM',
    ]),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
}

/** iTIP (RFC 5546): an invitation is a REQUEST and needs an organizer; a plain event is PUBLISHed without attendees. */
function methodLine(input: EventInput): string[] {
  if (!input.attendees?.length) return ['METHOD:PUBLISH'];
  return input.organizer ? ['METHOD:REQUEST'] : [];
}

function timingLines(timing: EventTiming): string[] {
  if (timing.allDay) return [`DTSTART;VALUE=DATE:${icsDate(timing.start)}`, `DTEND;VALUE=DATE:${icsDate(timing.endExclusive)}`];
  return [`DTSTART:${icsUtc(timing.startMs)}`, `DTEND:${icsUtc(timing.endMs)}`];
}

function ruleLine(input: EventInput, timing: EventTiming): string {
  const rule = input.recurrence!;
  if (rule.count !== undefined && rule.until !== undefined) throw new ToolError('invalid_input', 'Give recurrence.count or recurrence.until, not both.');
  const parts = [`FREQ=${rule.frequency.toUpperCase()}`];
  if (rule.interval && rule.interval > 1) parts.push(`INTERVAL=${rule.interval}`);
  if (rule.count !== undefined) parts.push(`COUNT=${rule.count}`);
  if (rule.until !== undefined) parts.push(`UNTIL=${untilValue(rule.until, timing, input.timezone ?? 'UTC')}`);
  if (rule.by_weekday?.length) parts.push(`BYDAY=${rule.by_weekday.map((day) => shiftWeekday(day, timing.allDay ? 0 : timing.utcDayShift)).join(',')}`);
  return `RRULE:${parts.join(';')}`;
}

/** A local weekday as the UTC weekday of the same moment (9:00 Monday in Tokyo is Sunday in UTC). */
function shiftWeekday(day: Weekday, shift: number): Weekday {
  return WEEKDAYS[(WEEKDAYS.indexOf(day) + shift + 7) % 7];
}

function optionalText(name: string, value: string | undefined): string[] {
  return value ? [`${name}:${escapeText(value)}`] : [];
}

function nameParam(name: string | undefined): string {
  return name ? `;CN=${quoteParam(name)}` : '';
}
