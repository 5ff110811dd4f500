import { CalculatorError, type CalculatorErrorCode } from './calculator-error';
import { evaluateExpression, type Value } from './evaluate-expression';
import { parseExpression } from './parse-expression';

interface Input {
  expression: string;
  variables?: Record<string, number>;
}

type Output = { ok: true; value: Value } | { ok: false; error: { code: CalculatorErrorCode; message: string; position?: number } };

// Binary floating point gives 0.1 + 0.2 = 0.30000000000000004; 15 significant digits is what a double holds exactly.
const SIGNIFICANT_DIGITS = 15;

export default function calculator(input: Input): Output {
  try {
    const value = evaluateExpression(parseExpression(input.expression), new Map(Object.entries(input.variables ?? {})));
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new CalculatorError('math_error', 'The result is too large to represent');
    }
    return { ok: true, value: typeof value === 'number' ? tidy(value) : value };
  } catch (error) {
    if (!(error instanceof CalculatorError)) throw error;
    const position = error.position === undefined ? {} : { position: error.position };
    return { ok: false, error: { code: error.code, message: error.message, ...position } };
  }
}

function tidy(value: number): number {
  const rounded = Number(value.toPrecision(SIGNIFICANT_DIGITS));
  return Object.is(rounded, -0) ? 0 : rounded;
}
