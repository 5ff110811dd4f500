import { findJsonSyntaxError } from '../../../tools-builtin/json_parse/json-syntax-error';

describe('json_parse findJsonSyntaxError', () => {
  it.each(['{}', '[]', '0', '-0.5e+10', '"a\\u00e9\\n"', 'true', ' null ', '{"a":[1,{"b":false}],"c":"\\"x\\""}', '[[[[]]]]'])(
    'When %s is valid JSON, Then no error is found (as JSON.parse agrees)',
    (text) => {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(findJsonSyntaxError(text)).toBeNull();
    },
  );

  it.each([
    ['', 0, 'Unexpected end of input'],
    ['{', 1, 'Unexpected end of input'],
    ['[1,]', 3, 'Unexpected character "]"'],
    ['{"a":1,}', 7, 'Expected a double-quoted property name'],
    ['{"a" 1}', 5, "Expected ':' after the property name"],
    ['[1 2]', 3, "Expected ',' or ']'"],
    ['{"a":1]', 6, "Expected ',' or '}'"],
    ['01', 1, 'Invalid number'],
    ['1.', 1, 'Invalid number'],
    ['-', 0, 'Invalid number'],
    ['"a\tb"', 2, 'Unescaped control character in string'],
    ['"\\x"', 1, 'Invalid escape in string'],
    ['"\\u12g4"', 1, 'Invalid \\u escape in string'],
    ['"abc', 4, 'Unterminated string'],
    ['nul', 0, 'Unexpected character "n"'],
    ['{} x', 3, 'Unexpected content after the JSON value'],
  ])('When %p is parsed, Then the error is at %i: %s', (text, position, message) => {
    expect(() => JSON.parse(text)).toThrow();
    const error = findJsonSyntaxError(text);
    expect(error?.position).toBe(position);
    expect(error?.message.startsWith(message)).toBe(true);
  });

  it('When V8 names a position, Then it is the same one', () => {
    // V8 reports a position for some errors ("... in JSON at position N"); where it does, both agree.
    for (const text of ['{"a":1,}', '[1,]', '{"a" 1}', '[1 2]', '{} x']) {
      const v8Position = Number(/position (\d+)/.exec(String(captureError(text)))?.[1]);
      if (!Number.isNaN(v8Position)) expect(findJsonSyntaxError(text)?.position).toBe(v8Position);
    }
  });
});

function captureError(text: string): unknown {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    return error;
  }
}
