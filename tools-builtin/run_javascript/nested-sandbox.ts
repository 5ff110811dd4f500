/**
 * A JavaScript interpreter (the bundled sval) inside the tool's isolate: user code sees only
 * standard ECMAScript globals and a captured console, never `kernel:api`, `Function` or `eval`,
 * and runs on a step and time budget. The security boundary stays the isolate, which this tool
 * runs without any capability; this layer bounds the work and the reachable surface.
 */
import Sval from 'sval';
import { captureConsole } from './console-capture';
import { instrumentProgram, TICK } from './step-budget';

const SAFE_GLOBALS = new Set([
  'Object',
  'Array',
  'String',
  'Number',
  'Boolean',
  'Symbol',
  'BigInt',
  'Math',
  'JSON',
  'Date',
  'RegExp',
  'Intl',
  'Error',
  'TypeError',
  'RangeError',
  'SyntaxError',
  'ReferenceError',
  'EvalError',
  'URIError',
  'AggregateError',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'Promise',
  'Reflect',
  'Proxy',
  'ArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'parseInt',
  'parseFloat',
  'isNaN',
  'isFinite',
  'encodeURIComponent',
  'decodeURIComponent',
  'encodeURI',
  'decodeURI',
  'Infinity',
  'NaN',
  'undefined',
]);

export interface Budget {
  maxSteps: number;
  maxMs: number;
  /** Wall clock, checked every 1,000 steps; default `Date.now`. */
  now?: () => number;
}

export interface RunFailure {
  type: 'syntax_error' | 'uncaught_exception' | 'budget_exceeded' | 'missing_main';
  message: string;
}

type RunResult = { ok: true; value: unknown } | { ok: false; error: RunFailure };

export type Outcome = RunResult & { logs: string[]; steps: number };

class BudgetExceeded extends Error {}

function blocked(): never {
  throw new EvalError('Code generation (Function, eval) is disabled in run_javascript.');
}

/** Closes the routes from a function object back to the real Function constructor (fresh context per call). */
function lockIntrinsics(): void {
  const prototypes = [
    Function.prototype,
    Object.getPrototypeOf(async function () {}),
    Object.getPrototypeOf(function* () {}),
    Object.getPrototypeOf(async function* () {}),
  ];
  for (const prototype of prototypes) {
    Object.defineProperty(prototype, 'constructor', { value: blocked, writable: false, configurable: false });
  }
  // CallSite objects could hand out real functions and receivers.
  Object.defineProperty(Error, 'prepareStackTrace', { value: undefined, writable: false, configurable: false });
}

function errorMessage(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  try {
    return `Uncaught ${JSON.stringify(error)}`;
  } catch {
    return `Uncaught ${String(error)}`;
  }
}

export async function runUserCode(code: string, input: unknown, budget: Budget): Promise<Outcome> {
  const captured = captureConsole();
  const interpreter = new Sval({ ecmaVer: 'latest', sourceType: 'script', sandBox: true });
  interpreter.run('exports.scope = globalThis');
  const sandboxGlobal = interpreter.exports.scope as Record<string, unknown>;
  delete interpreter.exports.scope;
  // sval copies every real global into its sandbox and chains it to the real global object.
  Object.setPrototypeOf(sandboxGlobal, null);
  for (const name of Object.getOwnPropertyNames(sandboxGlobal)) if (!SAFE_GLOBALS.has(name)) delete sandboxGlobal[name];

  let steps = 0;
  let exceeded: string | null = null;
  const now = budget.now ?? Date.now;
  const started = now();
  const tick = (): void => {
    steps += 1;
    if (exceeded === null && steps > budget.maxSteps) exceeded = `step budget of ${budget.maxSteps} exceeded`;
    if (exceeded === null && steps % 1000 === 0 && now() - started > budget.maxMs) exceeded = `time budget of ${budget.maxMs} ms exceeded`;
    // Once spent, every later step throws again, so a catch block cannot keep the code running.
    if (exceeded !== null) throw new BudgetExceeded(exceeded);
  };
  // sval also mirrors imports onto its global object; the copy there is harmless (calling it only
  // spends steps) and replacing it does not touch the binding the instrumented code calls.
  interpreter.import({ console: captured.console, [TICK]: tick });

  const finish = (result: RunResult): Outcome => {
    const logs = captured.dropped > 0 ? [...captured.lines, `… ${captured.dropped} more console lines dropped`] : captured.lines;
    return { ...result, logs, steps };
  };

  let program: unknown;
  try {
    program = instrumentProgram(interpreter.parse(code));
  } catch (error) {
    return finish({ ok: false, error: { type: 'syntax_error', message: errorMessage(error) } });
  }
  lockIntrinsics();
  try {
    interpreter.run(program as Parameters<Sval['run']>[0]);
    interpreter.run('exports.main = typeof main === "function" ? main : undefined');
    const main = interpreter.exports.main as ((input: unknown) => unknown) | undefined;
    if (typeof main !== 'function') {
      return finish({ ok: false, error: { type: 'missing_main', message: 'The code must define `function main(input)`.' } });
    }
    const value = await main(input);
    if (exceeded !== null) throw new BudgetExceeded(exceeded);
    return finish({ ok: true, value });
  } catch (error) {
    if (exceeded !== null) return finish({ ok: false, error: { type: 'budget_exceeded', message: `Stopped: ${exceeded}.` } });
    return finish({ ok: false, error: { type: 'uncaught_exception', message: errorMessage(error) } });
  }
}
