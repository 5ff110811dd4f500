import { CronParserCalculator } from '../../../../adapters/system/cron-parser-calculator';

const calculator = new CronParserCalculator();
const next = (expression: string, timezone: string, after: string): string => calculator.next(expression, timezone, new Date(after)).toISOString();

function sequence(expression: string, timezone: string, after: string, count: number): string[] {
  const out: string[] = [];
  let at = new Date(after);
  for (let i = 0; i < count; i++) {
    at = calculator.next(expression, timezone, at);
    out.push(at.toISOString());
  }
  return out;
}

describe('CronParserCalculator.next', () => {
  it('When `after` is exactly on a slot, Then the next slot is strictly later', () => {
    expect(next('0 * * * *', 'UTC', '2024-01-01T10:00:00.000Z')).toBe('2024-01-01T11:00:00.000Z');
    expect(next('* * * * *', 'UTC', '2024-01-01T10:00:00.500Z')).toBe('2024-01-01T10:01:00.000Z');
  });

  it('When the zone is not UTC, Then the wall-clock time is read in that zone', () => {
    // 09:00 on weekdays in Paris (UTC+2 in summer): Friday 29 March 2024 is past, so Monday 1 April.
    expect(next('0 9 * * 1-5', 'Europe/Paris', '2024-03-29T12:00:00Z')).toBe('2024-04-01T07:00:00.000Z');
  });

  it('When a daily slot crosses a DST change, Then it stays at the same local time (UTC+1, then UTC+2)', () => {
    expect(sequence('0 9 * * *', 'Europe/Paris', '2024-03-30T00:00:00Z', 2)).toEqual(['2024-03-30T08:00:00.000Z', '2024-03-31T07:00:00.000Z']);
  });

  it('When the local time falls in the spring-forward gap, Then that day runs just after the gap, once', () => {
    // New York skipped 02:00-03:00 on 10 March 2024; 02:30 is read as 03:30 EDT (07:30Z).
    expect(sequence('30 2 * * *', 'America/New_York', '2024-03-09T12:00:00Z', 2)).toEqual(['2024-03-10T07:30:00.000Z', '2024-03-11T06:30:00.000Z']);
  });

  it('When the local time happens twice at fall-back, Then the daily slot runs once', () => {
    // New York lived 01:00-02:00 twice on 3 November 2024 (05:30Z in EDT, 06:30Z in EST).
    expect(sequence('30 1 * * *', 'America/New_York', '2024-11-02T12:00:00Z', 2)).toEqual(['2024-11-03T05:30:00.000Z', '2024-11-04T06:30:00.000Z']);
  });

  it('When a macro is given, Then it reads as its 5-field form', () => {
    expect(next('@daily', 'UTC', '2024-01-01T10:00:00Z')).toBe('2024-01-02T00:00:00.000Z');
  });

  it('When the zone is unknown or the expression has seconds, Then next throws', () => {
    expect(() => next('0 9 * * *', 'Mars/Olympus_Mons', '2024-01-01T00:00:00Z')).toThrow('unknown time zone');
    expect(() => next('*/5 * * * * *', 'UTC', '2024-01-01T00:00:00Z')).toThrow('expected 5 fields');
  });
});

describe('CronParserCalculator.problem', () => {
  it('When the expression and the zone are valid, Then there is no problem', () => {
    expect(calculator.problem('0 9 * * 1-5', 'America/New_York')).toBeUndefined();
    expect(calculator.problem('@hourly', 'UTC')).toBeUndefined();
    expect(calculator.problem('0 0 29 2 *', 'UTC')).toBeUndefined();
  });

  it.each([
    ['61 * * * *', 'UTC', /invalid cron expression: .*61/],
    ['0 0 30 2 *', 'UTC', /invalid cron expression/],
    ['0 9 * *', 'UTC', /expected 5 fields.*got 4/],
    ['0 0 9 * * *', 'UTC', /expected 5 fields.*got 6/],
    ['', 'UTC', /expected 5 fields.*got 0/],
    ['0 9 * * *', 'Mars/Olympus_Mons', /unknown time zone "Mars\/Olympus_Mons"/],
    ['0 9 * * *', 'UTC+3', /unknown time zone/],
  ])('When the expression is %j in %s, Then the problem reads %s', (expression, timezone, message) => {
    expect(calculator.problem(expression, timezone)).toMatch(message);
  });
});
