import jsep from 'jsep';
import { CalculatorError } from './calculator-error';

/** jsep forgets parentheses; the evaluator needs them to read `-2^2` as -(2^2) but `(-2)^2` as 4. */
export interface ParenthesizedExpression extends jsep.Expression {
  type: 'ParenthesizedExpression';
  expression: jsep.Expression;
}

const OPEN_PAREN = 40;

// In a calculator `^` is exponentiation (jsep reads it as XOR, below `+`): same rank as `**`, right-associative.
jsep.removeBinaryOp('^');
jsep.addBinaryOp('^', 11, true);
jsep.hooks.add('gobble-token', function keepParentheses(env) {
  if (this.code !== OPEN_PAREN) return;
  const expression = this.gobbleGroup();
  if (!expression) this.throwError('Empty parentheses');
  const node: ParenthesizedExpression = { type: 'ParenthesizedExpression', expression };
  env.node = node;
});

export function parseExpression(source: string): jsep.Expression {
  try {
    return jsep(source);
  } catch (error) {
    const { description, index } = error as { description?: string; index?: number };
    const message = description ?? (error instanceof Error ? error.message : String(error));
    throw new CalculatorError('syntax_error', typeof index === 'number' ? `${message} at character ${index}` : message, index);
  }
}
