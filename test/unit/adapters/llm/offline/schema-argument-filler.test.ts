import { fillArguments } from '../../../../../adapters/llm/offline/schema-argument-filler';
import { extractMathExpression } from '../../../../../adapters/llm/offline/math-expression';

describe('fillArguments', () => {
  it('fills required properties and the optional ones the message holds values for', () => {
    const schema = {
      type: 'object',
      properties: {
        url: { type: 'string', format: 'uri' },
        method: { type: 'string', enum: ['GET', 'POST'] },
        timeout: { type: 'integer', minimum: 1, maximum: 30 },
        headers: { type: 'object', properties: {} },
        verbose: { type: 'boolean' },
      },
      required: ['url'],
    };
    expect(fillArguments(schema, 'http_request POST https://example.com/x?y=1 with 90 seconds', 'http_request')).toEqual({
      url: 'https://example.com/x?y=1',
      method: 'POST',
      timeout: 30,
    });
  });

  it('hands numbers out in order and prefers whole numbers for integers', () => {
    const schema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' }, n: { type: 'integer' } }, required: ['a', 'b', 'n'] };
    expect(fillArguments(schema, 'add 2.5 and 4 then 3', 'add')).toEqual({ a: 2.5, b: 4, n: 3 });
  });

  it('falls back to defaults, the first enum value and the text after the tool name', () => {
    const schema = {
      type: 'object',
      properties: {
        text: { type: 'string' },
        lang: { type: 'string', enum: ['en', 'fr'] },
        limit: { type: 'integer', default: 5 },
        tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
      },
      required: ['text', 'lang', 'limit', 'tags'],
    };
    expect(fillArguments(schema, 'translator: bonjour', 'translator')).toEqual({ text: 'bonjour', lang: 'en', limit: 5, tags: ['bonjour'] });
  });

  it('prefers a quoted value for free text', () => {
    const schema = { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] };
    expect(fillArguments(schema, 'search for "isolated-vm timeouts" now', 'search')).toEqual({ query: 'isolated-vm timeouts' });
  });
});

describe('extractMathExpression', () => {
  it.each([
    ['What is 2 + 3?', '2 + 3'],
    ['compute (12.5 * 4) - 7 please', '(12.5 * 4) - 7'],
    ['calculator: sqrt(16) + 2^3', 'sqrt(16) + 2^3'],
    ['计算 3×4÷2', '3*4/2'],
    ['I have 3 apples', '3'],
  ])('finds the expression in %j', (text, expected) => {
    expect(extractMathExpression(text)).toBe(expected);
  });

  it('finds nothing in text without numbers', () => {
    expect(extractMathExpression('no numbers here')).toBeUndefined();
  });
});
