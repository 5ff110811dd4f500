import { runUserCode } from '../../../tools-builtin/run_javascript/nested-sandbox';
import { instrumentProgram, TICK } from '../../../tools-builtin/run_javascript/step-budget';

// The nested interpreter and its budget, outside the kernel. lockIntrinsics() changes this test
// file's own context (Jest gives each file a fresh one), as it does the tool's per-call context.
describe('run_javascript nested sandbox', () => {
  it('When a loop runs past the step budget, Then it is stopped with the steps spent', async () => {
    const outcome = await runUserCode('function main() { let i = 0; while (true) { i++; } }', null, { maxSteps: 500, maxMs: 60_000 });
    expect(outcome).toEqual({ ok: false, error: { type: 'budget_exceeded', message: 'Stopped: step budget of 500 exceeded.' }, logs: [], steps: 501 });
  });

  it('When the clock passes the time budget, Then it is stopped even with steps to spare', async () => {
    let fakeTime = 0;
    const now = (): number => (fakeTime += 1_000);
    const outcome = await runUserCode('function main() { for (;;) {} }', null, { maxSteps: 1_000_000, maxMs: 2_500, now });
    expect(outcome).toMatchObject({ ok: false, error: { type: 'budget_exceeded', message: 'Stopped: time budget of 2500 ms exceeded.' }, steps: 3000 });
  });

  it('When recursion is unbounded, Then each call counts as a step', async () => {
    const outcome = await runUserCode('const f = (n) => f(n + 1); function main() { return f(0); }', null, { maxSteps: 300, maxMs: 60_000 });
    expect(outcome).toMatchObject({ ok: false, error: { type: 'budget_exceeded' }, steps: 301 });
  });
});

describe('step-budget instrumentation', () => {
  it('When a program has loops and functions, Then each body starts with a tick, after directives', () => {
    const program = {
      type: 'Program',
      body: [
        {
          type: 'FunctionDeclaration',
          body: { type: 'BlockStatement', body: [{ type: 'ExpressionStatement', directive: 'use strict' }, { type: 'ReturnStatement' }] },
        },
        { type: 'WhileStatement', body: { type: 'EmptyStatement' } },
        { type: 'ArrowFunctionExpression', expression: true, body: { type: 'Identifier', name: 'x' } },
      ],
    };
    const instrumented = instrumentProgram(program) as unknown as { body: Array<{ body: { body: Array<Record<string, unknown>> }; expression?: boolean }> };
    const isTick = (node: Record<string, unknown>): boolean => ((node.expression as { callee?: { name?: string } })?.callee?.name ?? '') === TICK;
    const [fn, loop, arrow] = instrumented.body;
    expect(fn.body.body.map((n) => (isTick(n) ? 'tick' : n.type))).toEqual(['ExpressionStatement', 'tick', 'ReturnStatement']);
    expect(loop.body.body.map((n) => (isTick(n) ? 'tick' : n.type))).toEqual(['tick', 'EmptyStatement']);
    expect(arrow.expression).toBe(false);
    expect(arrow.body.body.map((n) => (isTick(n) ? 'tick' : n.type))).toEqual(['tick', 'ReturnStatement']);
  });
});
