import { join } from 'node:path';
import { JsonObject } from '../../../core/shared/json';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';

const FIXTURES = join(__dirname, '../../fixtures/plugins');

describe('Sandbox isolation', () => {
  let kernel: TestKernel;

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: [], pluginDirs: [FIXTURES] });
  });

  afterAll(() => kernel.close());

  const expectRecovered = async () => {
    expect(await kernel.invoke('echo', { text: 'ok' })).toMatchObject({ success: true, result: { echo: 'ok' } });
  };

  it('When sloppy-mode plugin code looks for host globals, or walks everything kernel:api hands it for a way out, Then it reaches nothing of the host', async () => {
    const outcome = await kernel.invoke('escape_probe', { nested: { list: [1, { deep: true }] } });
    expect(outcome).toMatchObject({
      success: true,
      result: {
        mode: 'sloppy',
        process: 'undefined',
        require: 'undefined',
        module: 'undefined',
        buffer: 'undefined',
        fetch: 'undefined',
        globalThisProcess: 'undefined',
        // Each of these ran the code it built (so it did not just throw) and saw no `process`.
        thisEscape: 'undefined',
        functionEscape: 'undefined',
        generatorEscape: 'undefined',
        evalEscape: 'undefined',
        protoEscape: 'undefined',
        callers: [],
        kernelGlobals: [],
        requireFs: 'threw',
        requireChildProcess: 'threw',
        deniedCode: 'capability_denied',
        foreignRealm: [],
        handles: [],
        escapes: [],
        unreadable: [],
      },
    });
    const result = outcome.success ? (outcome.result as { reached: string[]; visitedCount: number }) : { reached: [], visitedCount: 0 };
    expect(result.reached).toEqual([
      'api',
      'api.http',
      'api.http.request',
      'api.kv.get',
      'api.KernelError',
      'api.log.info',
      'require',
      'module',
      'denied',
      'pending',
      'console.log',
      'setTimeout',
      'callee',
    ]);
    expect(result.visitedCount).toBeGreaterThan(200);
  });

  it('When a tool uses a capability its manifest does not declare, Then the call fails with capability_denied', async () => {
    const outcome = await kernel.invoke('undeclared_capability', {});
    expect(outcome).toMatchObject({
      success: false,
      error: { code: 'capability_denied', message: expect.stringContaining('"http"') },
      receipt: { capabilities_used: ['http'], http_calls: 0, outcome: 'capability_denied' },
    });
    await expectRecovered();
  });

  it('When a tool returns more than 1 MB of JSON, Then the output is refused inside the sandbox', async () => {
    const outcome = await kernel.invoke('huge_output', {});
    expect(outcome).toMatchObject({ success: false, error: { code: 'invalid_output', message: expect.stringContaining('larger') } });
    await expectRecovered();
  });

  it('When a tool pads the envelope header through an inherited toJSON, Then the header is written without it and the call answers its real output', async () => {
    const outcome = await kernel.invoke('header_flood', { mb: 8 });
    expect(outcome).toMatchObject({ success: true, result: { mb: 8 }, logs: [{ level: 'log', message: 'header padded' }] });
    await expectRecovered();
  });

  it('When a tool returns output that breaks its output schema, Then the call fails with invalid_output', async () => {
    const outcome = await kernel.invoke('garbage_output', {});
    expect(outcome).toMatchObject({ success: false, error: { code: 'invalid_output', message: expect.stringContaining('value') } });
    await expectRecovered();
  });

  it('When a tool throws, Then the call fails with runtime_error, its message and the logs so far', async () => {
    const outcome = await kernel.invoke('thrower', { reason: 'bad day' });
    expect(outcome).toEqual({
      success: false,
      error: { code: 'runtime_error', message: 'boom: bad day' },
      receipt: expect.objectContaining({ tool_id: 'thrower', version: '1.0.0', outcome: 'runtime_error' }),
      logs: [{ level: 'error', message: 'about to fail' }],
    });
    await expectRecovered();
  });

  describe('When a tool fails with a ToolError', () => {
    const failure = async (input: JsonObject) => {
      const outcome = await kernel.invoke('tool_error', input);
      if (outcome.success) throw new Error(`tool_error succeeded with ${JSON.stringify(outcome.result)}`);
      return outcome;
    };

    it('Then the call fails with runtime_error, the tool’s reason and its message, in the receipt too', async () => {
      expect(await failure({ mode: 'reason', reason: 'invalid_pattern' })).toMatchObject({
        error: { code: 'runtime_error', reason: 'invalid_pattern', message: 'The pattern does not compile' },
        receipt: { tool_id: 'tool_error', outcome: 'runtime_error' },
      });
    });

    it('Then a subclass keeps its reason, and a reason cannot be rewritten after the error is made', async () => {
      expect((await failure({ mode: 'subclass' })).error).toEqual({ code: 'runtime_error', reason: 'invalid_pattern', message: 'from a subclass' });
      expect((await failure({ mode: 'tampered' })).error).toEqual({ code: 'runtime_error', reason: 'invalid_pattern', message: 'reason is read-only' });
    });

    it('Then the reason invalid_input is the outcome code invalid_input, without a reason', async () => {
      expect((await failure({ mode: 'reason', reason: 'invalid_input' })).error).toEqual({ code: 'invalid_input', message: 'The pattern does not compile' });
    });

    it.each([['Not Snake'], ['x'.repeat(65)], ['trailing_'], [42]])(
      'Then a reason that is not short snake_case (%j) is refused where it is made',
      async (reason) => {
        const { error } = await failure({ mode: 'reason', reason });
        expect(error).toEqual({ code: 'runtime_error', message: expect.stringContaining('ToolError: the reason must be a snake_case string') });
      },
    );

    it('Then an ordinary error with a reason property carries no reason', async () => {
      expect((await failure({ mode: 'lookalike' })).error).toEqual({ code: 'runtime_error', message: 'an ordinary error' });
    });
  });

  it('When a capability error goes uncaught, Then its code is the reason of a runtime_error, unless the kernel keeps it as the outcome code', async () => {
    const missing = await kernel.invoke('tool_error', { mode: 'missing_file' });
    expect(missing).toMatchObject({ success: false, error: { code: 'runtime_error', reason: 'not_found' } });
    const denied = await kernel.invoke('tool_error', { mode: 'denied' });
    expect(denied).toMatchObject({ success: false, error: { code: 'capability_denied' } });
    expect(denied.success === false && 'reason' in denied.error).toBe(false);
  });

  it('When the input breaks the input schema, Then the call fails with invalid_input before any code runs', async () => {
    const outcome = await kernel.invoke('echo', { text: 42 });
    expect(outcome).toMatchObject({
      success: false,
      error: { code: 'invalid_input', message: 'input.text must be string' },
      receipt: { cpu_ms: 0, heap_bytes: 0, outcome: 'invalid_input' },
    });
  });

  it('When the tool does not exist, Then the outcome is not_found', async () => {
    expect(await kernel.invoke('no_such_tool', {})).toMatchObject({ success: false, error: { code: 'not_found' } });
  });

  it('When a tool succeeds, Then the outcome carries the result, console logs and a receipt', async () => {
    const outcome = await kernel.invoke('echo', { text: 'hello' });
    expect(outcome).toEqual({
      success: true,
      result: { echo: 'hello' },
      logs: [{ level: 'log', message: 'echo called with hello' }],
      receipt: {
        tool_id: 'echo',
        version: '1.0.0',
        wall_ms: expect.any(Number),
        cpu_ms: expect.any(Number),
        heap_bytes: expect.any(Number),
        capabilities_used: [],
        http_calls: 0,
        outcome: 'success',
      },
    });
    expect(outcome.receipt.heap_bytes).toBeGreaterThan(0);
  });

  it('When a tool logs too much, Then logs are bounded in lines and length', async () => {
    const outcome = await kernel.invoke('chatty', { lines: 500, width: 5000 });
    expect(outcome.success).toBe(true);
    expect(outcome.logs).toHaveLength(201);
    expect(outcome.logs[0].message.length).toBeLessThanOrEqual(2002);
    expect(outcome.logs[200]).toEqual({ level: 'warn', message: '300 more log lines were dropped' });
  });

  it("When a tool keeps module state, Then the same user's calls share it and another user starts from a fresh module", async () => {
    const alice = { actor: { userId: 'alice', role: 'user' as const } };
    const bob = { actor: { userId: 'bob', role: 'user' as const } };
    expect(await kernel.invoke('init_counter', {}, alice)).toMatchObject({ success: true, result: { calls: 1, initialised: true } });
    expect(await kernel.invoke('init_counter', {}, alice)).toMatchObject({ success: true, result: { calls: 2, initialised: true } });
    expect(await kernel.invoke('init_counter', {}, bob)).toMatchObject({ success: true, result: { calls: 1, initialised: true } });
    expect(await kernel.invoke('init_counter', {}, alice)).toMatchObject({ success: true, result: { calls: 3, initialised: true } });
  });

  it('When a plugin throws while loading, Then calls fail with runtime_error naming the load failure', async () => {
    const outcome = await kernel.invoke('load_failure', {});
    expect(outcome).toMatchObject({ success: false, error: { code: 'runtime_error', message: expect.stringContaining('top-level failure while loading') } });
    await expectRecovered();
  });

  it('When a tool leaves a rejected promise unhandled, Then the call fails with runtime_error and no later call sees its message', async () => {
    const first = await kernel.invoke('stray_rejection', { tag: 'caller-a' });
    expect(first).toMatchObject({ success: false, error: { code: 'runtime_error' } });
    for (const tag of ['caller-b', 'caller-c']) {
      const later = await kernel.invoke('stray_rejection', { tag });
      expect(later).toMatchObject({ success: false, error: { code: 'runtime_error' } });
      expect(JSON.stringify(later)).not.toContain('caller-a');
    }
    await expectRecovered();
  });
});
