import { CalculatorError } from '../../../tools-builtin/calculator/calculator-error';
import { evaluateExpression } from '../../../tools-builtin/calculator/evaluate-expression';
import { parseExpression } from '../../../tools-builtin/calculator/parse-expression';

const evaluate = (source: string, variables: Record<string, number> = {}) => evaluateExpression(parseExpression(source), new Map(Object.entries(variables)));

function errorOf(source: string): CalculatorError {
  try {
    evaluate(source);
  } catch (error) {
    if (error instanceof CalculatorError) return error;
    throw error;
  }
  throw new Error(`${source} did not fail`);
}

describe('calculator expression', () => {
  it('When a sign meets a power, Then it binds looser than the power unless parenthesized', () => {
    expect(evaluate('-3^2')).toBe(-9);
    expect(evaluate('(-3)^2')).toBe(9);
    expect(evaluate('-x^2', { x: 3 })).toBe(-9);
    expect(evaluate('2^-x', { x: 1 })).toBe(0.5);
    expect(evaluate('-(2)^2')).toBe(-4);
  });

  it('When ^ is used, Then it is exponentiation above * and right-associative, not XOR', () => {
    expect(evaluate('2 * 3 ^ 2')).toBe(18);
    expect(evaluate('2 ^ 3 + 1')).toBe(9);
    expect(evaluate('2 ^ 2 ^ 3')).toBe(256);
  });

  it('When object machinery is reached for, Then nothing outside the whitelist is found', () => {
    expect(errorOf('constructor').code).toBe('unknown_identifier');
    expect(errorOf('toString(1)').code).toBe('unknown_function');
    expect(errorOf('hasOwnProperty').code).toBe('unknown_identifier');
    expect(errorOf('abs.constructor').code).toBe('unsupported_syntax');
    expect(errorOf('this').code).toBe('unsupported_syntax');
    expect(errorOf('[1, 2]').code).toBe('unsupported_syntax');
  });

  it('When logic mixes with numbers, Then the operand types are checked', () => {
    expect(errorOf('1 && 2').code).toBe('invalid_argument');
    expect(errorOf('true + 1').code).toBe('invalid_argument');
    expect(errorOf('1 ? 2 : 3').code).toBe('invalid_argument');
    expect(evaluate('1 < 2 ? 3 : 4')).toBe(3);
  });

  it('When the syntax is wrong, Then the error carries the position jsep found', () => {
    expect(errorOf('1 + * 2')).toMatchObject({ code: 'syntax_error', position: 4 });
    expect(errorOf('()')).toMatchObject({ code: 'syntax_error', message: 'Empty parentheses at character 2' });
  });
});
