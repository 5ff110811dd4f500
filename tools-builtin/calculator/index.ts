/// <reference path="../../plugins/kernel/sdk/kernel-api.d.ts" />
import { ToolError } from 'kernel:api';
import { CalculatorError } from './calculator-error';
import { evaluateExpression, type Value } from './evaluate-expression';
import { parseExpression } from './parse-expression';

interface Input {
  expression: string;
  variables?: Record<string, number>;
}

interface Output {
  value: Value;
}

// Binary floating point gives 0.1 + 0.2 = 0.30000000000000004; 15 significant digits is what a double holds exactly.
const SIGNIFICANT_DIGITS = 15;

export default function calculator(input: Input): Output {
  let value: Value;
  try {
    value = evaluateExpression(parseExpression(input.expression), new Map(Object.entries(input.variables ?? {})));
  } catch (error) {
    if (error instanceof CalculatorError) throw new ToolError(error.code, error.message);
    throw error;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new ToolError('math_error', 'The result is too large to represent');
  return { value: typeof value === 'number' ? tidy(value) : value };
}

function tidy(value: number): number {
  const rounded = Number(value.toPrecision(SIGNIFICANT_DIGITS));
  return Object.is(rounded, -0) ? 0 : rounded;
}
