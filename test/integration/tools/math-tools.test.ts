import { JsonValue } from '../../../core/shared/json';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';
import { describeManifestExamples, failureOf, resultOf } from './builtin-tool-examples';

const TOOLS = ['calculator', 'unit_convert', 'random_number', 'uuid_generate', 'current_datetime', 'date_calc'] as const;

let kernel: TestKernel;
beforeAll(async () => {
  kernel = await createTestKernel({ tools: [...TOOLS] });
});
afterAll(() => kernel.close());

const run = <T = JsonValue>(id: (typeof TOOLS)[number], input: JsonValue) => resultOf<T>(kernel, id, input);

describeManifestExamples(TOOLS, () => kernel);

describe('calculator', () => {
  it.each([
    ['-2^2', -4],
    ['(-2)^2', 4],
    ['2^3^2', 512],
    ['2 ** -1', 0.5],
    ['0.1 + 0.2', 0.3],
    ['10 % 4 + 7 / 2', 5.5],
    ['sqrt(16) + cbrt(27) + abs(-2)', 9],
    ['log(1000, 10) + log10(100) + log2(8) + ln(e)', 9],
    ['round(2.5) + round(-2.5) + round(1.005, 2)', 1.01],
    ['max(3, 9, 4) - min(3, 9, 4) + sum(1, 2, 3) + avg(2, 4)', 15],
    ['factorial(10)', 3628800],
    ['degrees(atan2(1, 1))', 45],
    ['sin(radians(30))', 0.5],
    ['hypot(3, 4) * pi / tau', 2.5],
    ['3 > 2 && !(1 == 2) ? 1 : 0', 1],
    ['2 <= 1 || 5 != 5', false],
  ])('When evaluating %s, Then the value is %p', async (expression, value) => {
    expect(await run('calculator', { expression })).toEqual({ value });
  });

  it('When variables are given, Then names resolve to them and shadow nothing else', async () => {
    expect(await run('calculator', { expression: 'rate * hours + e', variables: { rate: 42.5, hours: 8, e: 1 } })).toEqual({ value: 341 });
  });

  it.each([
    ['1 +', 'syntax_error', 3],
    ['(1 + 2', 'syntax_error', 6],
    ['2 pi', 'syntax_error', undefined],
    ['x + 1', 'unknown_identifier', undefined],
    ['constructor', 'unknown_identifier', undefined],
    ['alert(1)', 'unknown_function', undefined],
    ['Math.max(1, 2)', 'unsupported_syntax', undefined],
    ['"1" + 1', 'unsupported_syntax', undefined],
    ['1 | 2', 'unsupported_syntax', undefined],
    ['atan2(1)', 'invalid_argument', undefined],
    ['factorial(3.5)', 'invalid_argument', undefined],
    ['1 / 0', 'math_error', undefined],
    ['sqrt(-4)', 'math_error', undefined],
    ['10 ^ 400', 'math_error', undefined],
  ])('When evaluating %s, Then the call fails with the reason %s', async (expression, reason, position) => {
    const { error } = await failureOf(kernel, 'calculator', { expression });
    expect(error).toEqual({ code: 'runtime_error', reason, message: expect.any(String) });
    expect(error.message.length).toBeGreaterThan(0);
    // jsep's position of a syntax error stays readable, in the message.
    if (position !== undefined) expect(error.message).toContain(`at character ${position}`);
  });

  it('When the expression is empty, too long or a variable is not a number, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'calculator', { expression: '' })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'calculator', { expression: '1+'.repeat(600) + '1' })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'calculator', { expression: 'x', variables: { x: '3' } })).error.code).toBe('invalid_input');
  });
});

describe('unit_convert', () => {
  it.each([
    [1, 'in', 'cm', 2.54, 'length'],
    [5280, 'feet', 'mile', 1, 'length'],
    [1, 'nmi', 'm', 1852, 'length'],
    [1, 'lb', 'g', 453.59237, 'mass'],
    [1, 'stone', 'lbs', 14, 'mass'],
    [-40, 'celsius', 'fahrenheit', -40, 'temperature'],
    [0, 'K', '°C', -273.15, 'temperature'],
    [1, 'gal', 'L', 3.785411784, 'volume'],
    [1, 'imp gal', 'L', 4.54609, 'volume'],
    [1, 'tbsp', 'tsp', 3, 'volume'],
    [1, 'acre', 'ft²', 43560, 'area'],
    [1, 'ha', 'm2', 10000, 'area'],
    [36, 'km/h', 'm/s', 10, 'speed'],
    [1, 'knot', 'km/h', 1.852, 'speed'],
    [90, 'minutes', 'h', 1.5, 'time'],
    [1, 'week', 's', 604800, 'time'],
    [8, 'bit', 'B', 1, 'data_size'],
    [1, 'MiB', 'KiB', 1024, 'data_size'],
    [100, 'Mbit', 'MB', 12.5, 'data_size'],
  ])('When converting %p %s to %s, Then the value is %p', async (value, from, to, expected, category) => {
    expect(await run('unit_convert', { value, from, to })).toMatchObject({ value: expected, category });
  });

  it('When a case-insensitive spelling is ambiguous, Then the tool asks to mind the case', async () => {
    expect((await failureOf(kernel, 'unit_convert', { value: 1, from: 'mb', to: 'kB' })).error).toEqual({
      code: 'runtime_error',
      reason: 'ambiguous_unit',
      message: '"mb" could be MB (megabyte), Mbit (megabit); mind the case',
    });
  });

  it('When units are unknown, of different kinds, or below absolute zero, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'unit_convert', { value: 1, from: 'furlong', to: 'm' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'unknown_unit',
    });
    expect((await failureOf(kernel, 'unit_convert', { value: 1, from: 'kg', to: 'km' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'incompatible_units',
      message: expect.stringContaining('Cannot convert mass (kg) to length (km)'),
    });
    expect((await failureOf(kernel, 'unit_convert', { value: -1, from: 'K', to: 'C' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_value',
    });
  });

  it('When value is a string, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'unit_convert', { value: '5', from: 'm', to: 'km' })).error.code).toBe('invalid_input');
  });
});

describe('random_number', () => {
  it('When 600 dice are rolled, Then every face appears and nothing falls outside 1..6', async () => {
    const { numbers } = await run<{ numbers: number[] }>('random_number', { min: 1, max: 6, count: 600 });
    expect(numbers).toHaveLength(600);
    expect(numbers.every((n) => Number.isInteger(n) && n >= 1 && n <= 6)).toBe(true);
    expect(new Set(numbers).size).toBe(6);
  });

  it('When unique integers are asked for the whole range, Then they are a permutation of it', async () => {
    const { numbers } = await run<{ numbers: number[] }>('random_number', { min: -5, max: 4, count: 10, unique: true });
    expect([...numbers].sort((a, b) => a - b)).toEqual([-5, -4, -3, -2, -1, 0, 1, 2, 3, 4]);
  });

  it('When floats with 3 decimals are asked for, Then each lies in range with at most 3 decimals', async () => {
    const result = await run<{ numbers: number[] }>('random_number', { type: 'float', min: 2.5, max: 3, count: 200, decimals: 3 });
    expect(result).toMatchObject({ type: 'float', min: 2.5, max: 3 });
    expect(result.numbers.every((n) => n >= 2.5 && n <= 3 && Number(n.toFixed(3)) === n)).toBe(true);
    expect(new Set(result.numbers).size).toBeGreaterThan(50);
  });

  it('When two calls run, Then they draw different numbers (each call has its own generator state)', async () => {
    const first = await run('random_number', { min: 0, max: 1e9, count: 5 });
    const second = await run('random_number', { min: 0, max: 1e9, count: 5 });
    expect(first).not.toEqual(second);
  });

  it('When the range is inverted, holds no integer or is too small for unique numbers, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'random_number', { min: 10, max: 1 })).error).toEqual({ code: 'invalid_input', message: expect.any(String) });
    expect((await failureOf(kernel, 'random_number', { min: 0.2, max: 0.8 })).error).toEqual({ code: 'invalid_input', message: expect.any(String) });
    expect((await failureOf(kernel, 'random_number', { min: 1, max: 3, count: 4, unique: true })).error).toEqual({
      code: 'invalid_input',
      message: expect.any(String),
    });
  });

  it('When count is over 1000, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'random_number', { count: 1001 })).error.code).toBe('invalid_input');
  });
});

describe('uuid_generate', () => {
  const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('When 100 UUIDs are generated, Then each is a distinct RFC 9562 version-4 UUID and the source is named', async () => {
    const result = await run<{ uuids: string[]; random_source: string }>('uuid_generate', { count: 100 });
    expect(result.uuids.every((uuid) => V4.test(uuid))).toBe(true);
    expect(new Set(result.uuids).size).toBe(100);
    // isolated-vm isolates carry no Web Crypto, so the tool says it used Math.random.
    expect(result).toMatchObject({ version: 4, random_source: 'Math.random' });
  });

  it('When upper case without hyphens is asked for, Then the 32 digits come that way', async () => {
    const { uuids } = await run<{ uuids: string[] }>('uuid_generate', { uppercase: true, hyphens: false });
    expect(uuids).toHaveLength(1);
    expect(uuids[0]).toMatch(/^[0-9A-F]{12}4[0-9A-F]{3}[89AB][0-9A-F]{15}$/);
  });

  it('When two calls run, Then their UUIDs differ', async () => {
    expect(await run('uuid_generate', {})).not.toEqual(await run('uuid_generate', {}));
  });

  it('When count is zero, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'uuid_generate', { count: 0 })).error.code).toBe('invalid_input');
  });
});

describe('current_datetime', () => {
  type Now = Record<'iso_utc' | 'iso_local' | 'utc_offset' | 'date' | 'time' | 'day_of_week' | 'time_zone' | 'formatted', string> &
    Record<'unix_ms' | 'unix_seconds', number>;

  /** What the host's own ICU says about the same instant. */
  function hostView(epochMs: number, timeZone: string): { date: string; time: string; weekday: string } {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        weekday: 'long',
      })
        .formatToParts(epochMs)
        .map((part) => [part.type, part.value]),
    );
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}`, weekday: parts.weekday };
  }

  it.each(['UTC', 'Asia/Tokyo', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham'])(
    'When asked for %s, Then the time is now and the local fields and offset agree with the host ICU',
    async (timeZone) => {
      const before = Date.now();
      const now = await run<Now>('current_datetime', { time_zone: timeZone });
      const after = Date.now();
      expect(now.unix_ms).toBeGreaterThanOrEqual(before);
      expect(now.unix_ms).toBeLessThanOrEqual(after);
      expect(now.iso_utc).toBe(new Date(now.unix_ms).toISOString());
      expect(now.unix_seconds).toBe(Math.floor(now.unix_ms / 1000));
      const host = hostView(now.unix_ms, timeZone);
      expect({ date: now.date, time: now.time, day_of_week: now.day_of_week }).toEqual({ date: host.date, time: host.time, day_of_week: host.weekday });
      // The local ISO string names the same instant as the UTC one.
      expect(Date.parse(now.iso_local)).toBe(now.unix_ms);
      expect(now.iso_local.endsWith(now.utc_offset)).toBe(true);
    },
  );

  it('When the zone is spelled in lower case and a locale is given, Then the canonical name and localized text come back', async () => {
    const now = await run<Now>('current_datetime', { time_zone: 'europe/paris', locale: 'fr-FR' });
    expect(now.time_zone).toBe('Europe/Paris');
    expect(now.formatted).toBe(new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'full', timeStyle: 'long' }).format(now.unix_ms));
  });

  it('When the time zone or locale is unknown, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'current_datetime', { time_zone: 'Mars/Olympus' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_time_zone',
    });
    expect((await failureOf(kernel, 'current_datetime', { locale: 'not a locale' })).error).toMatchObject({ code: 'runtime_error', reason: 'invalid_locale' });
  });

  it('When an unknown option is passed, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'current_datetime', { zone: 'UTC' })).error.code).toBe('invalid_input');
  });
});

describe('date_calc', () => {
  it.each([
    ['2024-02-29', { years: 1 }, '2025-02-28', 'Friday'],
    ['2024-03-31', { months: -1 }, '2024-02-29', 'Thursday'],
    ['2023-12-25', { weeks: 2, days: 1 }, '2024-01-09', 'Tuesday'],
    ['2024-03-10T23:30:00+05:30', { minutes: 45 }, '2024-03-11T00:15:00+05:30', 'Monday'],
    ['2024-01-01T00:00:00Z', { seconds: 1.25 }, '2024-01-01T00:00:01.250Z', 'Monday'],
    ['2024-06-15', { hours: 36 }, '2024-06-16T12:00:00', 'Sunday'],
  ])('When adding to %s the duration %p, Then the result is %s (%s)', async (date, duration, result, dayOfWeek) => {
    expect(await run('date_calc', { operation: 'add', date, duration })).toEqual({ operation: 'add', result, day_of_week: dayOfWeek });
  });

  it('When subtracting, Then the duration goes backwards with the same month clamping', async () => {
    const result = await run('date_calc', { operation: 'subtract', date: '2024-05-31', duration: { months: 3, days: 1 } });
    expect(result).toEqual({ operation: 'subtract', result: '2024-02-28', day_of_week: 'Wednesday' });
  });

  it('When the end is earlier and in another offset, Then totals are negative and the calendar span is flagged', async () => {
    expect(await run('date_calc', { operation: 'difference', date: '2024-03-01T12:00:00+01:00', end_date: '2023-12-31T10:30:00Z' })).toEqual({
      operation: 'difference',
      total: { days: -61.020833, hours: -1464.5, minutes: -87870, seconds: -5272200, weeks: -8.717262 },
      // Read on the start's clock (+01:00): 31 Dec 11:30 + 2 months = 29 Feb 11:30 (clamped), then 1 day 30 minutes.
      calendar: { years: 0, months: 2, days: 1, hours: 0, minutes: 30, seconds: 0, negative: true },
      weekdays: -44,
    });
  });

  it('When the difference spans a leap day, Then days and weekdays count it', async () => {
    expect(await run('date_calc', { operation: 'difference', date: '2024-02-26', end_date: '2024-03-04' })).toMatchObject({
      total: { days: 7 },
      calendar: { years: 0, months: 0, days: 7 },
      weekdays: 5,
    });
  });

  it('When asking about a date, Then ISO week, quarter and leap year come back', async () => {
    expect(await run('date_calc', { operation: 'day_of_week', date: '2021-01-03T10:00:00Z' })).toEqual({
      operation: 'day_of_week',
      date: '2021-01-03T10:00:00Z',
      day_of_week: 'Sunday',
      iso_weekday: 7,
      iso_week: 53,
      iso_week_year: 2020,
      day_of_year: 3,
      quarter: 1,
      is_leap_year: false,
      days_in_month: 31,
    });
  });

  it('When the date is "today", Then it is the current UTC date', async () => {
    const today = new Date().toISOString().slice(0, 10);
    expect(await run('date_calc', { operation: 'day_of_week', date: 'today' })).toMatchObject({ date: today });
  });

  it('When dates are invalid, missing or the result leaves the years 0000–9999, Then the call fails with its reason', async () => {
    expect((await failureOf(kernel, 'date_calc', { operation: 'day_of_week', date: '2023-02-29' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_date',
    });
    expect((await failureOf(kernel, 'date_calc', { operation: 'day_of_week', date: '03/04/2024' })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'invalid_date',
    });
    expect((await failureOf(kernel, 'date_calc', { operation: 'difference', date: '2024-01-01' })).error).toEqual({
      code: 'invalid_input',
      message: expect.any(String),
    });
    expect((await failureOf(kernel, 'date_calc', { operation: 'add', date: '2024-01-01' })).error).toEqual({
      code: 'invalid_input',
      message: expect.any(String),
    });
    expect((await failureOf(kernel, 'date_calc', { operation: 'add', date: '9999-12-31', duration: { days: 1 } })).error).toMatchObject({
      code: 'runtime_error',
      reason: 'out_of_range',
    });
  });

  it('When the operation is unknown or a duration unit is misspelt, Then the kernel refuses the input', async () => {
    expect((await failureOf(kernel, 'date_calc', { operation: 'multiply', date: '2024-01-01' })).error.code).toBe('invalid_input');
    expect((await failureOf(kernel, 'date_calc', { operation: 'add', date: '2024-01-01', duration: { day: 1 } })).error.code).toBe('invalid_input');
  });
});
