import { AdHocCode } from '../../../plugins/kernel/registry/ad-hoc-code';
import { createTestKernel, TEST_ACTOR, TestKernel } from '../../support/kernel-harness';
import { schemaValidator } from '../../support/untrusted-schemas';

describe('Ad-hoc code in the sandbox (ToolRegistry.runCode)', () => {
  let kernel: TestKernel;
  const run = (code: string, input: unknown = {}) => kernel.registry.runCode(code, input as never, { actor: TEST_ACTOR });

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: [] });
  });
  afterAll(() => kernel.close());

  it('When main returns a value, Then it is the result, with console lines as logs and a receipt', async () => {
    const outcome = await run('function main(input) { console.log("got", input.n); console.warn({ x: 1 }); return { doubled: input.n * 2 }; }', { n: 21 });
    expect(outcome).toEqual({
      success: true,
      result: { doubled: 42 },
      logs: [
        { level: 'log', message: 'got 21' },
        { level: 'warn', message: '{"x":1}' },
      ],
      receipt: expect.objectContaining({ tool_id: 'code', outcome: 'success', http_calls: 0 }),
    });
  });

  it('When main is async and awaits a timer, Then its resolved value is the result', async () => {
    const code = 'async function main(input) { await new Promise((r) => setTimeout(r, 5)); return input.items.map((s) => s.toUpperCase()); }';
    expect(await run(code, { items: ['a', 'b'] })).toMatchObject({ success: true, result: ['A', 'B'] });
  });

  it('When main is declared as an arrow function in a const, Then it runs too', async () => {
    expect(await run('const main = (input) => input.a + input.b;', { a: 2, b: 3 })).toMatchObject({ success: true, result: 5 });
  });

  it('When the code defines no main, Then it fails with runtime_error saying so', async () => {
    expect(await run('function run(input) { return 1; }')).toMatchObject({
      success: false,
      error: { code: 'runtime_error', message: 'The code must define function main(input)' },
    });
  });

  it('When the code does not parse, Then it fails with runtime_error', async () => {
    expect(await run('function main(input) { return ; ; }}}')).toMatchObject({ success: false, error: { code: 'runtime_error' } });
  });

  it('When main throws, Then the message comes back as runtime_error', async () => {
    expect(await run('function main() { throw new Error("bad input"); }')).toMatchObject({
      success: false,
      error: { code: 'runtime_error', message: 'bad input' },
    });
  });

  it('When the code loops forever, Then it fails with timeout and the sandbox still answers', async () => {
    const outcome = await run('function main() { while (true) {} }');
    expect(outcome).toMatchObject({ success: false, error: { code: 'timeout' }, receipt: { outcome: 'timeout' } });
    expect(await run('function main() { return "alive"; }')).toMatchObject({ success: true, result: 'alive' });
  });

  it('When the code reaches for the network or the host, Then only log is granted and no host object exists', async () => {
    const code = `async function main() {
      const api = require('kernel:api');
      api.log.info('logged');
      let http;
      try { await api.http.get('https://example.com'); } catch (e) { http = e.code; }
      return { http, process: typeof process, fetch: typeof fetch };
    }`;
    const outcome = await run(code);
    expect(outcome).toMatchObject({
      success: true,
      result: { http: 'capability_denied', process: 'undefined', fetch: 'undefined' },
      logs: [{ level: 'info', message: 'logged' }],
      receipt: { capabilities_used: ['http', 'log'], http_calls: 0 },
    });
  });

  it('When the code is over the size cap, Then it is refused with invalid_input without running', async () => {
    expect(await run(`function main() { return 1; } //${'x'.repeat(300 * 1024)}`)).toMatchObject({ success: false, error: { code: 'invalid_input' } });
  });

  describe('the warm-code cache', () => {
    it('When more distinct codes ran than fit, Then the least recently used idle ones are unloaded and still run when asked again', async () => {
      const cache = new AdHocCode(kernel.kernel.supervisor, schemaValidator, { maxTimeoutMs: 5000, maxMemoryMb: 64 }, 2);
      const call = (n: number) =>
        cache.run(`function main() { return ${n}; }`, (plugin) =>
          kernel.kernel.supervisor.run({ key: plugin.sandbox.key, user: 'u1', input: '{}', cpuMs: 1000, timeoutMs: 5000 }, async () => '0{}'),
        );
      for (const n of [1, 2, 3]) expect(await call(n)).toMatchObject({ ok: true, output: String(n) });
      expect(cache.size).toBe(2);
      expect(await call(1)).toMatchObject({ ok: true, output: '1' });
    });

    it('When an entry is in use, Then it is not unloaded under its caller', async () => {
      const cache = new AdHocCode(kernel.kernel.supervisor, schemaValidator, { maxTimeoutMs: 5000, maxMemoryMb: 64 }, 1);
      const slow = cache.run('async function main() { await new Promise((r) => setTimeout(r, 100)); return "slow"; }', (plugin) =>
        kernel.kernel.supervisor.run({ key: plugin.sandbox.key, user: 'u1', input: '{}', cpuMs: 1000, timeoutMs: 5000 }, async () => '0{}'),
      );
      const quick = await cache.run('function main() { return "quick"; }', (plugin) =>
        kernel.kernel.supervisor.run({ key: plugin.sandbox.key, user: 'u1', input: '{}', cpuMs: 1000, timeoutMs: 5000 }, async () => '0{}'),
      );
      expect(quick).toMatchObject({ ok: true, output: '"quick"' });
      expect(await slow).toMatchObject({ ok: true, output: '"slow"' });
      expect(cache.size).toBe(1);
    });
  });
});
