import type jsep from 'jsep';
import { CalculatorError } from './calculator-error';
import { CONSTANTS, FUNCTIONS } from './math-functions';
import type { ParenthesizedExpression } from './parse-expression';

export type Value = number | boolean;

/** Walks the jsep tree over a whitelist of node types, operators, functions and constants; nothing is looked up on objects. */
export function evaluateExpression(node: jsep.Expression, variables: ReadonlyMap<string, number>): Value {
  switch (node.type) {
    case 'Literal':
      return literal(node as jsep.Literal);
    case 'Identifier':
      return identifier((node as jsep.Identifier).name, variables);
    case 'ParenthesizedExpression':
      return evaluateExpression((node as ParenthesizedExpression).expression, variables);
    case 'UnaryExpression':
      return unary(node as jsep.UnaryExpression, variables);
    case 'BinaryExpression':
      return binary(node as jsep.BinaryExpression, variables);
    case 'ConditionalExpression': {
      const { test, consequent, alternate } = node as jsep.ConditionalExpression;
      return asBoolean(evaluateExpression(test, variables), 'the condition of ? :')
        ? evaluateExpression(consequent, variables)
        : evaluateExpression(alternate, variables);
    }
    case 'CallExpression':
      return call(node as jsep.CallExpression, variables);
    case 'Compound':
      throw new CalculatorError('syntax_error', 'Missing operator between two values (write 2*x, not 2x or 2 x)');
    default:
      throw new CalculatorError('unsupported_syntax', `${describe(node)} is not supported in a calculation`);
  }
}

function literal(node: jsep.Literal): Value {
  if (typeof node.value === 'boolean') return node.value;
  if (typeof node.value !== 'number') throw new CalculatorError('unsupported_syntax', `${node.raw} is not a number`);
  if (!Number.isFinite(node.value)) throw new CalculatorError('math_error', `${node.raw} is too large`);
  return node.value;
}

function identifier(name: string, variables: ReadonlyMap<string, number>): number {
  const value = variables.get(name) ?? CONSTANTS.get(name);
  if (value !== undefined) return value;
  if (FUNCTIONS.has(name)) throw new CalculatorError('syntax_error', `${name} is a function: call it as ${name}(…)`);
  throw new CalculatorError(
    'unknown_identifier',
    `Unknown name "${name}": the constants are ${[...CONSTANTS.keys()].join(', ')}; pass other values in variables`,
  );
}

function unary(node: jsep.UnaryExpression, variables: ReadonlyMap<string, number>): Value {
  const operand = evaluateExpression(node.argument, variables);
  switch (node.operator) {
    case '-':
      return -asNumber(operand, 'unary -');
    case '+':
      return asNumber(operand, 'unary +');
    case '!':
      return !asBoolean(operand, '!');
    default:
      throw new CalculatorError('unsupported_syntax', `The operator ${node.operator} is not supported`);
  }
}

function binary(node: jsep.BinaryExpression, variables: ReadonlyMap<string, number>): Value {
  const { operator, left, right } = node;
  // jsep binds a sign tighter than a power; in mathematics -2^2 is -(2^2). `(-2)^2` keeps its parentheses.
  if ((operator === '^' || operator === '**') && left.type === 'UnaryExpression') {
    const sign = left as jsep.UnaryExpression;
    const power: jsep.BinaryExpression = { type: 'BinaryExpression', operator, left: sign.argument, right };
    return evaluateExpression({ ...sign, argument: power } as jsep.UnaryExpression, variables);
  }
  if (operator === '&&' || operator === '||') {
    const first = asBoolean(evaluateExpression(left, variables), operator);
    if (operator === '&&' ? !first : first) return first;
    return asBoolean(evaluateExpression(right, variables), operator);
  }
  const a = evaluateExpression(left, variables);
  const b = evaluateExpression(right, variables);
  if (operator === '==' || operator === '===') return a === b;
  if (operator === '!=' || operator === '!==') return a !== b;
  return arithmetic(operator, asNumber(a, operator), asNumber(b, operator));
}

function arithmetic(operator: string, a: number, b: number): Value {
  switch (operator) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
    case '%':
      if (b === 0) throw new CalculatorError('math_error', 'Division by zero');
      return operator === '/' ? a / b : a % b;
    case '^':
    case '**':
      return checked(a ** b, `${a}^${b}`);
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    default:
      throw new CalculatorError('unsupported_syntax', `The operator ${operator} is not supported`);
  }
}

function call(node: jsep.CallExpression, variables: ReadonlyMap<string, number>): number {
  if (node.callee.type !== 'Identifier') throw new CalculatorError('unsupported_syntax', 'Only named functions can be called');
  const name = (node.callee as jsep.Identifier).name;
  const fn = FUNCTIONS.get(name);
  if (!fn) {
    throw new CalculatorError('unknown_function', `Unknown function "${name}": the functions are ${[...FUNCTIONS.keys()].join(', ')}`);
  }
  const count = node.arguments.length;
  if (count < fn.minArgs || count > fn.maxArgs) {
    const expected = fn.minArgs === fn.maxArgs ? `${fn.minArgs}` : fn.maxArgs === Infinity ? `at least ${fn.minArgs}` : `${fn.minArgs} or ${fn.maxArgs}`;
    throw new CalculatorError('invalid_argument', `${name}() takes ${expected} argument(s), got ${count}`);
  }
  const args = node.arguments.map((argument) => asNumber(evaluateExpression(argument, variables), `${name}()`));
  return checked(fn.apply(args), `${name}(${args.join(', ')})`);
}

function checked(result: number, what: string): number {
  if (Number.isNaN(result)) throw new CalculatorError('math_error', `${what} is not a real number`);
  return result;
}

function asNumber(value: Value, where: string): number {
  if (typeof value !== 'number') throw new CalculatorError('invalid_argument', `${where} needs a number, got ${value}`);
  return value;
}

function asBoolean(value: Value, where: string): boolean {
  if (typeof value !== 'boolean') throw new CalculatorError('invalid_argument', `${where} needs a comparison (true or false), got ${value}`);
  return value;
}

function describe(node: jsep.Expression): string {
  const names: Record<string, string> = {
    MemberExpression: 'Property access (a.b, a[b])',
    ArrayExpression: 'An array',
    SequenceExpression: 'A list in parentheses',
    ThisExpression: 'this',
  };
  return names[node.type] ?? node.type;
}
