// eslint-disable-next-line @typescript-eslint/no-require-imports
const { decodeEnvelope } = require('../../../plugins/kernel/sandbox/worker/envelope.js') as {
  decodeEnvelope(envelope: unknown, call: { kernelCodes: Set<string> }, options: unknown): Record<string, unknown>;
};

const options = { bootstrap: { maxOutputChars: 20, maxLogLines: 2, maxLogChars: 5 } };
const call = (codes: string[] = []) => ({ kernelCodes: new Set(codes) });
const header = (fields: object) => JSON.stringify({ logs: [], ...fields });

describe('decodeEnvelope (the worker re-checks what the isolate reports)', () => {
  it('When the call succeeded, Then the output JSON is passed through unparsed', () => {
    expect(decodeEnvelope(`${header({ ok: true })}\n{"a":1}`, call(), options)).toEqual({ ok: true, output: '{"a":1}', logs: [], logUsed: false });
  });

  it('When the output is over the cap even though the isolate said ok, Then it is invalid_output', () => {
    expect(decodeEnvelope(`${header({ ok: true })}\n"${'x'.repeat(30)}"`, call(), options)).toMatchObject({ ok: false, error: { code: 'invalid_output' } });
  });

  it('When the isolate claims a kernel failure the worker never raised, Then it becomes runtime_error', () => {
    expect(decodeEnvelope(header({ ok: false, code: 'timeout', message: 'fake' }), call(), options)).toMatchObject({
      error: { code: 'runtime_error', message: 'fake' },
    });
    expect(decodeEnvelope(header({ ok: false, code: 'capability_denied', message: 'm' }), call(['capability_denied']), options)).toMatchObject({
      error: { code: 'capability_denied' },
    });
  });

  it('When a runtime_error carries a short snake_case reason, Then the reason is kept', () => {
    expect(decodeEnvelope(header({ ok: false, code: 'runtime_error', reason: 'invalid_pattern', message: 'm' }), call(), options)).toMatchObject({
      error: { code: 'runtime_error', reason: 'invalid_pattern', message: 'm' },
    });
  });

  it.each([['Invalid_Pattern'], ['a'.repeat(65)], ['bad__reason'], ['_x'], [''], [7], [{ toString: 'x' }]])(
    'When the isolate reports the reason %j, Then it is dropped and the failure stays a runtime_error',
    (reason) => {
      expect(decodeEnvelope(header({ ok: false, code: 'runtime_error', reason, message: 'm' }), call(), options)).toMatchObject({
        error: { code: 'runtime_error', message: 'm' },
      });
      expect(decodeEnvelope(header({ ok: false, code: 'runtime_error', reason, message: 'm' }), call(), options).error).not.toHaveProperty('reason');
    },
  );

  it('When the reason is invalid_input, Then the outcome code is invalid_input, without a reason', () => {
    expect(decodeEnvelope(header({ ok: false, code: 'runtime_error', reason: 'invalid_input', message: 'm' }), call(), options)).toEqual({
      ok: false,
      error: { code: 'invalid_input', message: 'm' },
      logs: [],
      logUsed: false,
    });
  });

  it('When a kernel code the worker raised stands, or the output is invalid, Then no reason is added to it', () => {
    const timeout = decodeEnvelope(header({ ok: false, code: 'timeout', reason: 'timeout', message: 'm' }), call(['timeout']), options);
    expect(timeout.error).toEqual({ code: 'timeout', message: 'm' });
    const output = decodeEnvelope(header({ ok: false, code: 'invalid_output', reason: 'invalid_input', message: 'm' }), call(), options);
    expect(output.error).toEqual({ code: 'invalid_output', message: 'm' });
  });

  it('When logs exceed the bounds or carry odd levels, Then they are cut and normalised', () => {
    const logs = [
      { level: 'info', message: 'abcdefgh' },
      { level: 'evil', message: 'b' },
      { level: 'log', message: 'c' },
    ];
    expect(decodeEnvelope(header({ ok: true, logs, dropped: 4 }) + '\n1', call(), options)).toMatchObject({
      logs: [
        { level: 'info', message: 'abcdef…' },
        { level: 'log', message: 'b' },
        { level: 'warn', message: '4 more log lines were dropped' },
      ],
    });
  });

  it('When the header is longer than the log limits allow an honest one to be, Then it is refused as malformed', () => {
    const padded = header({ ok: true, padding: 'x'.repeat(20_000) });
    expect(decodeEnvelope(`${padded}\n1`, call(), options)).toMatchObject({
      ok: false,
      error: { code: 'runtime_error', message: expect.stringContaining('malformed') },
    });
  });

  it.each([[42], [null], ['not json'], ['[1,2]']])('When the envelope is %j, Then it is a runtime_error', (envelope) => {
    expect(decodeEnvelope(envelope, call(), options)).toMatchObject({ ok: false, error: { code: 'runtime_error' } });
  });
});
