import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JsonValue } from '../../../core/shared/json';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { failureOf } from './builtin-tool-examples';

type Received = { method: string; url: string; headers: IncomingHttpHeaders; body: string };

const received: Received[] = [];
let receiver: Server;
let base: string;
let kernel: TestKernel;

// What the loopback receiver answers per path: [status, headers, body]; `/slow` never answers.
const ROUTES: Record<string, [number, Record<string, string | number>, string]> = {
  '/fail': [500, { 'content-type': 'application/json' }, '{"error":"boom"}'],
  '/long': [200, { 'content-type': 'text/plain' }, 'a'.repeat(5000)],
  '/huge': [200, { 'content-type': 'text/plain', 'content-length': 300 * 1024 }, 'b'.repeat(300 * 1024)],
  '/to-private': [302, { location: 'http://10.0.0.1/internal' }, ''],
};

function startReceiver(): Promise<Server> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/slow') return; // closeAllConnections() in afterAll ends it
      const [status, headers, answer] = ROUTES[path] ?? [201, { 'content-type': 'text/plain; charset=utf-8' }, 'received'];
      res.writeHead(status, headers).end(answer);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  receiver = await startReceiver();
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  kernel = await createTestKernel({ tools: ['send_webhook', 'calendar_event_ics'], egressAllowHosts: ['127.0.0.1'] });
});
afterAll(async () => {
  await kernel.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});
beforeEach(() => (received.length = 0));

async function run(id: string, input: JsonValue): Promise<Record<string, JsonValue>> {
  const outcome = await kernel.invoke(id, input);
  if (!outcome.success) throw new Error(`${id} failed: ${outcome.error.code} ${outcome.error.message}`);
  return outcome.result as Record<string, JsonValue>;
}

describe('send_webhook', () => {
  it('When a payload is posted, Then the receiver gets it as JSON with safe headers only, and the answer is reported', async () => {
    const payload = { event: 'order.paid', order: { id: 42, total: 19.5 }, tags: ['a', 'é'] };
    const result = await run('send_webhook', {
      url: `${base}/services/T0001/B0002/abcdEFGH12345678ijkl?channel=ops&token=s3cr3t`,
      payload,
      headers: { 'X-Event-Type': 'order.paid', Authorization: 'Bearer leaked', Cookie: 'sid=1', 'X-Api-Key': 'k', Host: 'evil.example' },
    });
    expect(result).toEqual({
      status: 201,
      status_ok: true,
      content_type: 'text/plain; charset=utf-8',
      body_excerpt: 'received',
      body_truncated: false,
      url: `${base}/services/T0001/B0002/***?channel=ops&token=***`,
      dropped_headers: ['authorization', 'cookie', 'host', 'x-api-key'],
    });
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/services/T0001/B0002/abcdEFGH12345678ijkl?channel=ops&token=s3cr3t');
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'x-event-type': 'order.paid',
      'user-agent': 'agent-platform-webhook/1.0',
      host: base.slice('http://'.length),
    });
    for (const name of ['authorization', 'cookie', 'x-api-key']) expect(request.headers).not.toHaveProperty(name);
    expect(JSON.parse(request.body)).toEqual(payload);
  });

  it('When the receiver answers 500, Then that is its answer: a result with the status, not a failure', async () => {
    const result = await run('send_webhook', { url: `${base}/fail`, payload: { n: 1 } });
    expect(result).toMatchObject({ status: 500, status_ok: false, content_type: 'application/json', body_excerpt: '{"error":"boom"}' });
  });

  it('When the answer is long, Then only a 2,000-character excerpt comes back', async () => {
    const result = await run('send_webhook', { url: `${base}/long`, payload: null });
    expect(result).toMatchObject({ status: 200, body_truncated: true });
    expect(result.body_excerpt).toBe('a'.repeat(2000));
  });

  it('When the answer is over the size cap, Then the call fails with the reason too_large', async () => {
    expect((await failureOf(kernel, 'send_webhook', { url: `${base}/huge`, payload: {} })).error).toEqual({
      code: 'runtime_error',
      reason: 'too_large',
      message: 'The receiver answered with a body over 256 KB.',
    });
  });

  it('When the receiver does not answer in time, Then the call fails with timeout', async () => {
    const outcome = await failureOf(kernel, 'send_webhook', { url: `${base}/slow`, payload: {}, timeout_ms: 1000 });
    expect(outcome).toMatchObject({ error: { code: 'timeout' }, receipt: { outcome: 'timeout' } });
  });

  it('When nothing listens at the address, Then the call fails with the reason upstream_error', async () => {
    const closed = await startReceiver();
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failureOf(kernel, 'send_webhook', { url: `http://127.0.0.1:${port}/hook`, payload: {} })).error).toEqual({
      code: 'runtime_error',
      reason: 'upstream_error',
      message: 'The receiver could not be reached or failed.',
    });
  });

  it.each([
    ['a private address', 'http://10.0.0.1/hook'],
    ['the cloud metadata address', 'http://169.254.169.254/latest/meta-data/'],
    ['an IPv4-mapped loopback literal', 'http://[::ffff:127.0.0.2]/hook'],
  ])('When the target is %s, Then the egress guard refuses it and the call fails', async (_case, url) => {
    const { error } = await failureOf(kernel, 'send_webhook', { url, payload: { leak: true } });
    expect(error).toMatchObject({ code: 'runtime_error', reason: 'forbidden_target', message: expect.stringMatching(/not allowed/) });
  });

  it('When the receiver redirects to a private address, Then the hop is refused', async () => {
    const outcome = await kernel.invoke('send_webhook', { url: `${base}/to-private`, payload: {} });
    expect(outcome.success).toBe(false);
    expect(received.map((r) => r.url)).toEqual(['/to-private']);
  });

  it.each([
    ['credentials in the URL', { url: `http://user:pass@127.0.0.1/hook`, payload: {} }],
    ['a non-http scheme', { url: 'ftp://127.0.0.1/hook', payload: {} }],
    ['no payload', { url: `http://127.0.0.1/hook` }],
    ['a header name with a space', { url: `http://127.0.0.1/hook`, payload: {}, headers: { 'Bad Name': 'x' } }],
  ])('When the input has %s, Then it is refused as invalid input', async (_case, input) => {
    expect(await kernel.invoke('send_webhook', input)).toMatchObject({ success: false, error: { code: 'invalid_input' } });
    expect(received).toEqual([]);
  });
});

type IcsProperty = { name: string; params: Record<string, string>; value: string };

/** Checks the physical lines (CRLF, ≤75 octets, folding), unfolds them and splits each into name, params and value. */
function parseIcs(ics: string): IcsProperty[] {
  expect(ics.endsWith('\r\n')).toBe(true);
  const logical: string[] = [];
  for (const line of ics.slice(0, -2).split('\r\n')) {
    expect(line).not.toMatch(/[\r\n]/);
    expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    if (line.startsWith(' ')) logical[logical.length - 1] += line.slice(1);
    else logical.push(line);
  }
  return logical.map((line) => {
    const match = /^([A-Z-]+)((?:;[A-Z-]+=(?:"[^"]*"|[^;:"]*))*):(.*)$/.exec(line);
    if (!match) throw new Error(`Not a content line: ${line}`);
    const params: Record<string, string> = {};
    for (const [, key, value] of match[2].matchAll(/;([A-Z-]+)=("[^"]*"|[^;:"]*)/g)) params[key] = value.replace(/^"|"$/g, '');
    return { name: match[1], params, value: match[3] };
  });
}

function unescapeText(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_all, char: string) => (char.toLowerCase() === 'n' ? '\n' : char));
}

/** The properties of each component named `name`, in order; BEGIN/END must nest across the whole file. */
function components(properties: IcsProperty[], name: string): IcsProperty[][] {
  const stack: string[] = [];
  const found: IcsProperty[][] = [];
  for (const property of properties) {
    if (property.name === 'BEGIN') {
      stack.push(property.value);
      if (property.value === name) found.push([]);
    } else if (property.name === 'END') expect(stack.pop()).toBe(property.value);
    else if (stack.at(-1) === name) found[found.length - 1].push(property);
  }
  expect(stack).toEqual([]);
  return found;
}

const component = (properties: IcsProperty[], name: string): IcsProperty[] => components(properties, name)[0];

const only = (properties: IcsProperty[], name: string): IcsProperty => {
  const matches = properties.filter((p) => p.name === name);
  expect(matches).toHaveLength(1);
  return matches[0];
};

describe('calendar_event_ics', () => {
  it('When every manifest example runs, Then each builds a calendar', async () => {
    const manifest = JSON.parse(readFileSync(join(__dirname, '../../../tools-builtin/calendar_event_ics/manifest.json'), 'utf8')) as {
      examples: Array<{ input: JsonValue }>;
    };
    for (const example of manifest.examples) {
      const result = await run('calendar_event_ics', example.input);
      expect(only(component(parseIcs(String(result.ics)), 'VEVENT'), 'UID').value).toBe(result.uid);
    }
  });

  it('When a zoned invitation with attendees and alarms is built, Then it parses back to the same event', async () => {
    const description = 'Agenda:\n1. Numbers; costs, risks\n2. Path C:\\reports\n' + 'Long line '.repeat(20);
    const result = await run('calendar_event_ics', {
      title: 'Quarterly review — Q1, “final”; ünïcödé 😀',
      start: '2025-03-10T14:30',
      duration_minutes: 90,
      timezone: 'Europe/Paris',
      description,
      location: 'Room 4, Main office; floor 2',
      url: 'https://example.com/meet?id=1',
      status: 'tentative',
      organizer: { email: 'lead@example.com', name: 'Team Lead' },
      attendees: [
        { email: 'ana@example.com', name: 'Lopez, Ana' },
        { email: 'ben@example.com', role: 'optional', rsvp: false },
      ],
      alarms: [{ minutes_before: 15 }, { minutes_before: 1440, description: 'Tomorrow: review' }],
      uid: 'review-2025-q1@example.com',
    });
    expect(result).toMatchObject({
      filename: 'quarterly-review-q1-final-unicode.ics',
      content_type: 'text/calendar; charset=utf-8',
      uid: 'review-2025-q1@example.com',
      all_day: false,
      start: '2025-03-10T13:30:00Z',
      end: '2025-03-10T15:00:00Z',
    });
    const all = parseIcs(String(result.ics));
    const calendar = component(all, 'VCALENDAR');
    expect(only(calendar, 'VERSION').value).toBe('2.0');
    expect(only(calendar, 'PRODID').value).toBe('-//agent-platform//calendar_event_ics 1.0//EN');
    expect(only(calendar, 'METHOD').value).toBe('REQUEST');
    const event = component(all, 'VEVENT');
    expect(only(event, 'UID').value).toBe('review-2025-q1@example.com');
    expect(only(event, 'DTSTAMP').value).toMatch(/^\d{8}T\d{6}Z$/);
    expect(only(event, 'DTSTART').value).toBe('20250310T133000Z');
    expect(only(event, 'DTEND').value).toBe('20250310T150000Z');
    expect(unescapeText(only(event, 'SUMMARY').value)).toBe('Quarterly review — Q1, “final”; ünïcödé 😀');
    expect(unescapeText(only(event, 'DESCRIPTION').value)).toBe(description);
    expect(unescapeText(only(event, 'LOCATION').value)).toBe('Room 4, Main office; floor 2');
    expect(only(event, 'URL').value).toBe('https://example.com/meet?id=1');
    expect(only(event, 'STATUS').value).toBe('TENTATIVE');
    expect(only(event, 'ORGANIZER')).toEqual({ name: 'ORGANIZER', params: { CN: 'Team Lead' }, value: 'mailto:lead@example.com' });
    expect(event.filter((p) => p.name === 'ATTENDEE')).toEqual([
      {
        name: 'ATTENDEE',
        params: { CN: 'Lopez, Ana', ROLE: 'REQ-PARTICIPANT', PARTSTAT: 'NEEDS-ACTION', RSVP: 'TRUE' },
        value: 'mailto:ana@example.com',
      },
      { name: 'ATTENDEE', params: { ROLE: 'OPT-PARTICIPANT', PARTSTAT: 'NEEDS-ACTION', RSVP: 'FALSE' }, value: 'mailto:ben@example.com' },
    ]);
    expect(components(all, 'VALARM').map((alarm) => alarm.map((p) => [p.name, p.value]))).toEqual([
      [
        ['ACTION', 'DISPLAY'],
        ['DESCRIPTION', 'Quarterly review — Q1\\, “final”\\; ünïcödé 😀'],
        ['TRIGGER', '-PT15M'],
      ],
      [
        ['ACTION', 'DISPLAY'],
        ['DESCRIPTION', 'Tomorrow: review'],
        ['TRIGGER', '-P1D'],
      ],
    ]);
  });

  it('When an all-day event names its last day, Then DTSTART/DTEND are DATEs with an exclusive end', async () => {
    const result = await run('calendar_event_ics', { title: 'Offsite', start: '2025-06-02', end: '2025-06-04' });
    expect(result).toMatchObject({ all_day: true, start: '2025-06-02', end: '2025-06-05', filename: 'offsite.ics' });
    const event = component(parseIcs(String(result.ics)), 'VEVENT');
    expect(only(event, 'DTSTART')).toEqual({ name: 'DTSTART', params: { VALUE: 'DATE' }, value: '20250602' });
    expect(only(event, 'DTEND')).toEqual({ name: 'DTEND', params: { VALUE: 'DATE' }, value: '20250605' });
    expect(only(event, 'UID').value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}@agent-platform$/);
    expect(only(component(parseIcs(String(result.ics)), 'VCALENDAR'), 'METHOD').value).toBe('PUBLISH');
  });

  it('When a weekly series is asked in New York time, Then the RRULE and UTC start are right across the calendar', async () => {
    const recurrence = { frequency: 'weekly', count: 10, by_weekday: ['MO', 'WE', 'FR'] };
    const result = await run('calendar_event_ics', {
      title: 'Stand-up',
      start: '2025-01-06T09:00',
      timezone: 'America/New_York',
      duration_minutes: 15,
      recurrence,
    });
    const event = component(parseIcs(String(result.ics)), 'VEVENT');
    expect(only(event, 'DTSTART').value).toBe('20250106T140000Z');
    expect(only(event, 'DTEND').value).toBe('20250106T141500Z');
    expect(only(event, 'RRULE').value).toBe('FREQ=WEEKLY;COUNT=10;BYDAY=MO,WE,FR');
  });

  it.each([
    ['an end before the start', { title: 't', start: '2025-03-10T10:00Z', end: '2025-03-10T09:00Z' }, { code: 'invalid_input' }, /end must be after start/],
    ['both an end and a duration', { title: 't', start: '2025-03-10', end: '2025-03-11', duration_minutes: 30 }, { code: 'invalid_input' }, /not both/],
    [
      'an unknown time zone',
      { title: 't', start: '2025-03-10T10:00', timezone: 'Mars/Olympus' },
      { code: 'runtime_error', reason: 'invalid_time_zone' },
      /Unknown time zone/,
    ],
    ['a date that does not exist', { title: 't', start: '2025-02-30' }, { code: 'runtime_error', reason: 'invalid_date' }, /start must be an ISO 8601 date/],
  ])('When the event has %s, Then the call fails with %j and a readable message', async (_case, input, code, message) => {
    const { error } = await failureOf(kernel, 'calendar_event_ics', input);
    expect(error).toEqual({ ...code, message: expect.stringMatching(message) });
  });

  it.each([
    ['a start that is not ISO 8601', { title: 't', start: 'next Monday' }],
    ['an attendee without a valid email', { title: 't', start: '2025-03-10', attendees: [{ email: 'not-an-email' }] }],
    ['an unknown property', { title: 't', start: '2025-03-10', color: 'red' }],
  ])('When the input has %s, Then it is refused as invalid input', async (_case, input) => {
    expect(await kernel.invoke('calendar_event_ics', input)).toMatchObject({ success: false, error: { code: 'invalid_input' } });
  });
});
