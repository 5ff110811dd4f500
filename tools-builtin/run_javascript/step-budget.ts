/**
 * Instruments an ESTree program so that every loop iteration and every function entry calls a
 * budget check first: the interpreter has no step hook of its own, and without this an endless
 * loop would only end at the kernel's deadline, losing the captured console output.
 */

/** Not a valid identifier in source text, so user code can neither call nor shadow it. */
export const TICK = ' tick';

interface EsNode {
  type: string;
  [key: string]: unknown;
}

const LOOPS = new Set(['WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForInStatement', 'ForOfStatement']);
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function tickStatement(): EsNode {
  return {
    type: 'ExpressionStatement',
    start: 0,
    end: 0,
    expression: { type: 'CallExpression', start: 0, end: 0, callee: { type: 'Identifier', start: 0, end: 0, name: TICK }, arguments: [], optional: false },
  };
}

function isNode(value: unknown): value is EsNode {
  return typeof value === 'object' && value !== null && typeof (value as EsNode).type === 'string';
}

function block(statements: unknown[]): EsNode {
  return { type: 'BlockStatement', start: 0, end: 0, body: statements };
}

function instrumentFunction(node: EsNode): void {
  const body = node.body as EsNode;
  if (body.type !== 'BlockStatement') {
    // `x => expr` becomes `x => { tick(); return expr; }`
    node.body = block([tickStatement(), { type: 'ReturnStatement', start: 0, end: 0, argument: body }]);
    node.expression = false;
    return;
  }
  const statements = body.body as EsNode[];
  const directives = statements.findIndex((s) => typeof s.directive !== 'string');
  statements.splice(directives === -1 ? statements.length : directives, 0, tickStatement());
}

function instrumentLoop(node: EsNode): void {
  const body = node.body as EsNode;
  node.body = body.type === 'BlockStatement' ? block([tickStatement(), ...(body.body as unknown[])]) : block([tickStatement(), body]);
}

/** Mutates `program` in place and returns it. */
export function instrumentProgram<T>(program: T): T {
  const stack: unknown[] = [program];
  while (stack.length > 0) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (const item of node) stack.push(item);
      continue;
    }
    if (!isNode(node)) continue;
    for (const key of Object.keys(node)) {
      const child = node[key];
      if (typeof child === 'object' && child !== null) stack.push(child);
    }
    // Children were queued before the rewrite, so inserted ticks are never instrumented themselves.
    if (LOOPS.has(node.type)) instrumentLoop(node);
    else if (FUNCTIONS.has(node.type)) instrumentFunction(node);
  }
  return program;
}
