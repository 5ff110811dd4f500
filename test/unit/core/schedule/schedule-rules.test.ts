import { checkScheduleInput, defaultScheduleName, NewScheduleInput, SCHEDULE_LIMITS } from '../../../../core/domain/schedule/schedule.rules';

const NOW = new Date('2024-06-01T12:00:00.000Z');
const base: NewScheduleInput = { targetType: 'workflow', targetId: 'wf-1', cron: '0 9 * * 1-5' };

function fieldsOf(input: NewScheduleInput): string[] {
  const check = checkScheduleInput(input, NOW);
  return check.ok ? [] : check.issues.map((issue) => issue.field).sort();
}

describe('checkScheduleInput', () => {
  it('When only a target and a cron are given, Then the defaults apply: UTC, an empty object input, enabled, no name', () => {
    expect(checkScheduleInput(base, NOW)).toEqual({
      ok: true,
      value: { name: undefined, targetType: 'workflow', targetId: 'wf-1', cron: '0 9 * * 1-5', runAt: null, timezone: 'UTC', input: {}, enabled: true },
    });
  });

  it('When the cron has extra spaces and the name surrounding blanks, Then both are normalised', () => {
    const check = checkScheduleInput({ ...base, cron: '  0   9 * *\t1-5 ', name: '  Morning  ' }, NOW);
    expect(check).toMatchObject({ ok: true, value: { cron: '0 9 * * 1-5', name: 'Morning' } });
  });

  it('When a one-shot is a minute ahead, Then it is kept as given with no cron', () => {
    const runAt = new Date(NOW.getTime() + 60_000);
    expect(checkScheduleInput({ targetType: 'agent', targetId: 'ag-1', runAt, input: 'hello', enabled: false, timezone: 'Europe/Paris' }, NOW)).toEqual({
      ok: true,
      value: { name: undefined, targetType: 'agent', targetId: 'ag-1', cron: null, runAt, timezone: 'Europe/Paris', input: 'hello', enabled: false },
    });
  });

  it('When a macro such as @daily is given, Then it is accepted as is', () => {
    expect(checkScheduleInput({ ...base, cron: '@daily' }, NOW)).toMatchObject({ ok: true, value: { cron: '@daily' } });
  });

  it('When a 6-field cron (seconds) is given, Then it is refused saying nothing runs more often than once a minute', () => {
    const check = checkScheduleInput({ ...base, cron: '*/10 * * * * *' }, NOW);
    expect(check).toEqual({ ok: false, issues: [{ field: 'cron', message: expect.stringContaining('once a minute') }] });
  });

  it('When the run is exactly one year ahead, Then it is accepted; a millisecond more is refused', () => {
    const yearAhead = new Date('2025-06-01T12:00:00.000Z');
    expect(fieldsOf({ targetType: 'workflow', targetId: 'wf-1', runAt: yearAhead })).toEqual([]);
    expect(fieldsOf({ targetType: 'workflow', targetId: 'wf-1', runAt: new Date(yearAhead.getTime() + 1) })).toEqual(['run_at']);
  });

  it('When the input is exactly the byte limit, Then it is accepted; one more multi-byte character is refused', () => {
    const fits = 'x'.repeat(SCHEDULE_LIMITS.inputBytes - 2); // plus the two quotes of the JSON string
    expect(fieldsOf({ ...base, input: fits })).toEqual([]);
    expect(fieldsOf({ ...base, input: fits.slice(1) + 'é' })).toEqual(['input']);
  });

  it.each<[string, Partial<NewScheduleInput> & Record<string, unknown>, string[]]>([
    ['both cron and run_at', { runAt: new Date('2024-07-01T00:00:00Z') }, ['cron']],
    ['neither cron nor run_at', { cron: undefined }, ['cron']],
    ['a 4-field cron', { cron: '0 9 * *' }, ['cron']],
    ['a 7-field cron', { cron: '0 0 9 * * 1 2024' }, ['cron']],
    ['an empty cron', { cron: '  ' }, ['cron']],
    ['an unknown macro', { cron: '@reboot' }, ['cron']],
    ['a cron longer than the limit', { cron: `0 9 * * ${'1,'.repeat(60)}1` }, ['cron']],
    ['a run_at in the past', { cron: undefined, runAt: new Date('2024-06-01T11:59:59.999Z') }, ['run_at']],
    ['a run_at equal to now', { cron: undefined, runAt: NOW }, ['run_at']],
    ['a run_at that is not a date', { cron: undefined, runAt: new Date('nope') }, ['run_at']],
    ['a zone with spaces', { timezone: 'Europe / Paris' }, ['timezone']],
    ['an offset as the zone', { timezone: '+02:00' }, ['timezone']],
    ['an empty name', { name: '   ' }, ['name']],
    ['a name over 120 characters', { name: 'n'.repeat(121) }, ['name']],
    ['an unknown target type', { targetType: 'tool' as never }, ['target_type']],
    ['an empty target id', { targetId: '' }, ['target_id']],
    ['a non-boolean enabled', { enabled: 'yes' as never }, ['enabled']],
    ['several faults', { name: '', targetId: '', timezone: 'bad zone' }, ['name', 'target_id', 'timezone']],
  ])('When the input has %s (%j), Then the issues name %j', (_label, change, fields) => {
    expect(fieldsOf({ ...base, ...change } as NewScheduleInput)).toEqual(fields);
  });
});

describe('defaultScheduleName', () => {
  it('When the target has a name, Then the schedule is named after it', () => {
    expect(defaultScheduleName('Daily report')).toBe('Daily report (scheduled)');
  });

  it('When the target name is long or blank, Then the default still fits 120 characters and is never empty', () => {
    expect(defaultScheduleName('x'.repeat(300))).toHaveLength(SCHEDULE_LIMITS.nameChars);
    expect(defaultScheduleName('  ')).toBe('Untitled (scheduled)');
  });
});
