import { CalculatorError } from './calculator-error';

interface MathFunction {
  minArgs: number;
  maxArgs: number;
  apply(args: number[]): number;
}

const MAX_FACTORIAL = 170; // 171! overflows a double

const oneArg = (fn: (x: number) => number): MathFunction => ({ minArgs: 1, maxArgs: 1, apply: ([x]) => fn(x) });
const twoArgs = (fn: (x: number, y: number) => number): MathFunction => ({ minArgs: 2, maxArgs: 2, apply: ([x, y]) => fn(x, y) });
const manyArgs = (fn: (args: number[]) => number): MathFunction => ({ minArgs: 1, maxArgs: Infinity, apply: fn });

/** The only functions an expression may call (a Map, so `constructor` or `__proto__` are never found). */
export const FUNCTIONS = new Map<string, MathFunction>([
  ['abs', oneArg(Math.abs)],
  ['sign', oneArg(Math.sign)],
  ['sqrt', oneArg(Math.sqrt)],
  ['cbrt', oneArg(Math.cbrt)],
  ['exp', oneArg(Math.exp)],
  ['ln', oneArg(Math.log)],
  ['log', { minArgs: 1, maxArgs: 2, apply: ([x, base]) => (base === undefined ? Math.log(x) : Math.log(x) / Math.log(base)) }],
  ['log10', oneArg(Math.log10)],
  ['log2', oneArg(Math.log2)],
  ['sin', oneArg(Math.sin)],
  ['cos', oneArg(Math.cos)],
  ['tan', oneArg(Math.tan)],
  ['asin', oneArg(Math.asin)],
  ['acos', oneArg(Math.acos)],
  ['atan', oneArg(Math.atan)],
  ['atan2', twoArgs(Math.atan2)],
  ['sinh', oneArg(Math.sinh)],
  ['cosh', oneArg(Math.cosh)],
  ['tanh', oneArg(Math.tanh)],
  ['radians', oneArg((degrees) => (degrees * Math.PI) / 180)],
  ['degrees', oneArg((radians) => (radians * 180) / Math.PI)],
  ['floor', oneArg(Math.floor)],
  ['ceil', oneArg(Math.ceil)],
  ['trunc', oneArg(Math.trunc)],
  ['round', { minArgs: 1, maxArgs: 2, apply: ([x, digits]) => round(x, digits ?? 0) }],
  ['pow', twoArgs(Math.pow)],
  ['hypot', manyArgs((args) => Math.hypot(...args))],
  ['min', manyArgs((args) => Math.min(...args))],
  ['max', manyArgs((args) => Math.max(...args))],
  ['sum', manyArgs((args) => args.reduce((total, x) => total + x, 0))],
  ['avg', manyArgs((args) => args.reduce((total, x) => total + x, 0) / args.length)],
  ['factorial', oneArg(factorial)],
]);

export const CONSTANTS = new Map<string, number>([
  ['pi', Math.PI],
  ['PI', Math.PI],
  ['e', Math.E],
  ['E', Math.E],
  ['tau', 2 * Math.PI],
  ['phi', (1 + Math.sqrt(5)) / 2],
]);

/** Half away from zero, on the decimal value (so round(1.005, 2) is 1.01, not 1.00 as binary 1.00499… would give). */
function round(x: number, digits: number): number {
  if (!Number.isInteger(digits) || digits < 0 || digits > 15) {
    throw new CalculatorError('invalid_argument', 'round(x, digits) needs digits to be an integer from 0 to 15');
  }
  const scale = 10 ** digits;
  const scaled = Math.abs(x) * scale;
  if (!Number.isFinite(scaled)) return x;
  return (Math.sign(x) * Math.round(Number(scaled.toPrecision(15)))) / scale;
}

function factorial(n: number): number {
  if (!Number.isInteger(n) || n < 0 || n > MAX_FACTORIAL) {
    throw new CalculatorError('invalid_argument', `factorial(n) needs an integer n from 0 to ${MAX_FACTORIAL}`);
  }
  let result = 1;
  for (let i = 2; i <= n; i += 1) result *= i;
  return result;
}
