import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ToolError } from '../../../core/domain/tool/tool-outcome';
import { createTestKernel, TestKernel } from '../../support/kernel-harness';

// Which budget trips first depends on the machine's speed: 2,000,000 steps or 5 seconds.
const BUDGET = '(step budget of 2000000|time budget of 5000 ms)';

interface RunResult {
  result: unknown;
  logs: string[];
  steps: number;
}

describe('code tools through the real kernel', () => {
  let kernel: TestKernel;

  beforeAll(async () => {
    kernel = await createTestKernel({ tools: ['run_javascript'] });
  });

  afterAll(async () => {
    await kernel?.close();
  });

  async function run(code: string, input?: unknown): Promise<RunResult> {
    const outcome = await kernel.invoke('run_javascript', input === undefined ? { code } : { code, input: input as never });
    if (!outcome.success) throw new Error(`run_javascript failed as a tool: ${outcome.error.code} ${outcome.error.message}`);
    return outcome.result as unknown as RunResult;
  }

  /** The user's code failed: the call fails, with the reason and a message that ends in the last console lines. */
  async function failure(code: string): Promise<ToolError> {
    const outcome = await kernel.invoke('run_javascript', { code });
    if (outcome.success) throw new Error(`run_javascript succeeded with ${JSON.stringify(outcome.result)}`);
    expect(outcome.receipt.outcome).toBe('runtime_error');
    return outcome.error;
  }

  describe('run_javascript', () => {
    it('When main uses its input and logs, Then its result and console lines come back', async () => {
      const result = await run(
        `function main(input) {
           const total = input.items.reduce((sum, item) => sum + item.price * item.qty, 0);
           console.log('items:', input.items.length, { first: input.items[0].name });
           console.warn('careful');
           return { total, names: input.items.map((i) => i.name.toUpperCase()), when: new Date(0).toISOString() };
         }`,
        {
          items: [
            { name: 'tea', price: 2.5, qty: 2 },
            { name: 'cake', price: 4, qty: 1 },
          ],
        },
      );
      expect(result).toEqual({
        result: { total: 9, names: ['TEA', 'CAKE'], when: '1970-01-01T00:00:00.000Z' },
        logs: ['items: 2 {"first":"tea"}', '[warn] careful'],
        steps: 5,
      });
    });

    it('When the manifest example runs, Then it gives the output it shows', async () => {
      const manifest = JSON.parse(readFileSync(join(__dirname, '../../../tools-builtin/run_javascript/manifest.json'), 'utf8')) as {
        examples: Array<{ input: { code: string; input: unknown }; output: unknown }>;
      };
      const example = manifest.examples[0];
      expect(await run(example.input.code, example.input.input)).toEqual(example.output);
    });

    it('When main is async, Then its awaited value is the result', async () => {
      const result = await run('async function main(n) { const parts = await Promise.all([1, 2, 3].map(async (x) => x * n)); return parts; }', 10);
      expect(result).toMatchObject({ result: [10, 20, 30] });
    });

    it('When main loops forever, Then the budget stops it: the call fails with budget_exceeded and the earlier logs', async () => {
      expect(await failure('function main() { console.log("starting"); while (true) {} }')).toEqual({
        code: 'runtime_error',
        reason: 'budget_exceeded',
        message: expect.stringMatching(new RegExp(`^Stopped: ${BUDGET} exceeded\\. \\(steps: \\d+\\)\nConsole, last lines:\nstarting$`)),
      });
    });

    it('When the code catches the budget error and loops on, Then it is stopped all the same', async () => {
      const error = await failure('function main() { for (;;) { try { while (true) {} } catch (e) { console.log("caught:", e.message); } } }');
      expect(error).toMatchObject({ reason: 'budget_exceeded', message: expect.stringMatching(new RegExp(`\ncaught: ${BUDGET} exceeded$`)) });
    });

    it('When the code reaches for the host, Then it finds no require, kernel:api, Function or eval', async () => {
      const result = await run(
        `function main() {
           const probe = (f) => { try { return String(f()); } catch (e) { return e.name + ': ' + e.message; } };
           return {
             globals: [typeof require, typeof module, typeof Function, typeof eval, typeof WebAssembly, typeof process, typeof fetch].join(','),
             constructor: probe(() => (function () {}).constructor('return globalThis')()),
             asyncConstructor: probe(() => Object.getPrototypeOf(async function () {}).constructor('return 1')),
             prototypeOfGlobal: probe(() => Object.getPrototypeOf(globalThis)),
             stackTraceHook: probe(() => { Error.prepareStackTrace = (e, frames) => frames; return typeof new Error().stack; }),
           };
         }`,
      );
      expect(result).toMatchObject({
        result: {
          globals: 'undefined,undefined,undefined,undefined,undefined,undefined,undefined',
          constructor: 'EvalError: Code generation (Function, eval) is disabled in run_javascript.',
          asyncConstructor: 'EvalError: Code generation (Function, eval) is disabled in run_javascript.',
          prototypeOfGlobal: 'null',
          stackTraceHook: expect.stringContaining("Cannot assign to read only property 'prepareStackTrace'"),
        },
      });
    });

    it('When the code does not parse, Then the call fails with syntax_error', async () => {
      expect(await failure('function main( { return 1 }')).toEqual({
        code: 'runtime_error',
        reason: 'syntax_error',
        message: expect.stringMatching(/^SyntaxError: .* \(steps: 0\)$/),
      });
    });

    it('When there is no main function, Then the call fails with missing_main saying to define it', async () => {
      expect(await failure('const x = 1;')).toEqual({
        code: 'runtime_error',
        reason: 'missing_main',
        message: 'The code must define `function main(input)`. (steps: 0)',
      });
    });

    it('When main throws, Then the call fails with uncaught_exception, the error and the logs before it', async () => {
      expect(await failure('function main() { console.log("before"); throw new TypeError("bad thing"); }')).toEqual({
        code: 'runtime_error',
        reason: 'uncaught_exception',
        message: 'TypeError: bad thing (steps: 1)\nConsole, last lines:\nbefore',
      });
    });

    it('When the console holds more than the message can, Then the message keeps the last lines and stays under 1,000 characters', async () => {
      const { message } = await failure(
        'function main() { for (let i = 0; i < 100; i++) console.log("line " + i + " " + "x".repeat(40)); throw new Error("late"); }',
      );
      expect(message.length).toBeLessThanOrEqual(1000);
      expect(message).toMatch(/^Error: late \(steps: \d+\)\nConsole, last lines:\nline \d+ x+\n/);
      expect(message.endsWith(`line 99 ${'x'.repeat(40)}`)).toBe(true);
    });

    it('When main returns undefined or something that is not JSON, Then null comes back, or the call fails with invalid_result', async () => {
      expect(await run('function main() {}')).toMatchObject({ result: null });
      expect(await failure('function main() { return 10n; }')).toMatchObject({
        reason: 'invalid_result',
        message: expect.stringContaining('not JSON-serialisable'),
      });
    });

    it('When the code logs too much, Then the console is capped and says how much was dropped', async () => {
      const result = await run('function main() { for (let i = 0; i < 250; i++) console.log("line " + i); return "x".repeat(5000).length; }');
      expect(result.logs).toHaveLength(201);
      expect(result.logs[199]).toBe('line 199');
      expect(result.logs[200]).toBe('… 50 more console lines dropped');
      expect(result.result).toBe(5000);
    });
  });
});
