/**
 * Finds the first syntax error of a JSON text (RFC 8259), as an offset and a message.
 * JSON.parse does the real parsing; this scan runs only after it failed, because V8's messages
 * do not always carry a position. Iterative, so a deeply nested text cannot overflow the stack.
 */
export interface JsonSyntaxError {
  position: number;
  message: string;
}

type Expectation = 'value' | 'value_or_close' | 'key' | 'key_or_close' | 'colon' | 'comma_or_close';

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't']);
const HEX4 = /^[0-9a-fA-F]{4}$/;

export function findJsonSyntaxError(text: string): JsonSyntaxError | null {
  const closers: string[] = [];
  let expect: Expectation = 'value';
  let i = 0;
  for (;;) {
    i = skipWhitespace(text, i);
    if (expect === 'comma_or_close' && closers.length === 0) {
      return i < text.length ? { position: i, message: 'Unexpected content after the JSON value' } : null;
    }
    if (i >= text.length) return { position: i, message: 'Unexpected end of input' };
    const ch = text[i];
    const closer = closers[closers.length - 1];
    if ((expect === 'value_or_close' && ch === ']') || (expect === 'key_or_close' && ch === '}')) {
      closers.pop();
      i += 1;
      expect = 'comma_or_close';
    } else if (expect === 'value' || expect === 'value_or_close') {
      if (ch === '{' || ch === '[') {
        closers.push(ch === '{' ? '}' : ']');
        expect = ch === '{' ? 'key_or_close' : 'value_or_close';
        i += 1;
        continue;
      }
      const end = scanScalar(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = 'comma_or_close';
    } else if (expect === 'key' || expect === 'key_or_close') {
      if (ch !== '"') return { position: i, message: 'Expected a double-quoted property name' };
      const end = scanString(text, i);
      if (typeof end !== 'number') return end;
      i = end;
      expect = 'colon';
    } else if (expect === 'colon') {
      if (ch !== ':') return { position: i, message: "Expected ':' after the property name" };
      i += 1;
      expect = 'value';
    } else if (ch === ',') {
      i += 1;
      expect = closer === '}' ? 'key' : 'value';
    } else if (ch === closer) {
      closers.pop();
      i += 1;
    } else {
      return { position: i, message: `Expected ',' or '${closer}'` };
    }
  }
}

function skipWhitespace(text: string, from: number): number {
  let i = from;
  while (i < text.length && (text[i] === ' ' || text[i] === '\n' || text[i] === '\r' || text[i] === '\t')) i += 1;
  return i;
}

function scanScalar(text: string, start: number): number | JsonSyntaxError {
  const ch = text[start];
  if (ch === '"') return scanString(text, start);
  for (const literal of ['true', 'false', 'null']) {
    if (text.startsWith(literal, start)) return start + literal.length;
  }
  if (ch === '-' || (ch >= '0' && ch <= '9')) {
    NUMBER.lastIndex = start;
    const match = NUMBER.exec(text);
    if (match && match[0] !== '-') {
      const end = start + match[0].length;
      // A number directly followed by more digits or a dot is malformed (e.g. `01`, `1.`).
      if (!/[0-9.eE]/.test(text[end] ?? '')) return end;
      return { position: end, message: 'Invalid number' };
    }
    return { position: start, message: 'Invalid number' };
  }
  return {
    position: start,
    message: `Unexpected character ${JSON.stringify(ch)}; expected a value (a double-quoted string, number, object, array, true, false or null)`,
  };
}

function scanString(text: string, start: number): number | JsonSyntaxError {
  let i = start + 1;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '"') return i + 1;
    if (ch < ' ') return { position: i, message: 'Unescaped control character in string' };
    if (ch === '\\') {
      const escaped = text[i + 1];
      if (escaped === 'u') {
        if (!HEX4.test(text.slice(i + 2, i + 6))) return { position: i, message: 'Invalid \\u escape in string' };
        i += 6;
        continue;
      }
      if (escaped === undefined || !ESCAPES.has(escaped)) return { position: i, message: 'Invalid escape in string' };
      i += 2;
      continue;
    }
    i += 1;
  }
  return { position: text.length, message: 'Unterminated string' };
}
