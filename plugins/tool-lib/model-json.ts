// Kept identical in classify_text, extract_entities and sentiment: a tool bundles only its own
// folder (docs/plugins.md), and test/unit/tools-builtin/model-json.test.ts checks the copies agree.

export type JsonObject = { [key: string]: unknown };

/** A JSON object read from a model reply; `repaired` when it needed more than `JSON.parse`. */
export interface ModelJson {
  value: JsonObject;
  repaired: boolean;
}

/** Reads the one JSON object of a model reply: bare, fenced, wrapped in prose, or slightly broken. */
export function readModelJson(reply: string): ModelJson | undefined {
  const direct = parseObject(reply.trim());
  if (direct) return { value: direct, repaired: false };
  for (const candidate of candidates(reply)) {
    const value = parseObject(candidate) ?? parseRepaired(candidate);
    if (value) return { value, repaired: true };
  }
  return undefined;
}

/** Repairs, then drops trailing members one at a time: a reply cut off inside a member loses that member only. */
function parseRepaired(candidate: string): JsonObject | undefined {
  let text = candidate;
  for (let attempt = 0; attempt < 4 && text.length > 1; attempt += 1) {
    const value = parseObject(repairJson(text));
    if (value) return value;
    const cut = text.lastIndexOf(',');
    if (cut < 0) return undefined;
    text = text.slice(0, cut);
  }
  return undefined;
}

/** The object itself when it has one of `keys`, else the first nested object (one level) that does. */
export function objectWithAnyKey(value: JsonObject, keys: string[]): JsonObject | undefined {
  if (keys.some((key) => key in value)) return value;
  for (const child of Object.values(value)) {
    if (isObject(child) && keys.some((key) => key in child)) return child;
  }
  return undefined;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

function candidates(reply: string): string[] {
  const found: string[] = [];
  for (const fence of reply.matchAll(/```[a-zA-Z]*\s*\n?([\s\S]*?)(?:```|$)/g)) found.push(fence[1].trim());
  const start = reply.indexOf('{');
  if (start >= 0) found.push(balancedFrom(reply, start));
  return found.filter((text) => text.startsWith('{'));
}

/** The text from `start` to its matching brace, or to the end when the reply was cut off. */
function balancedFrom(text: string, start: number): string {
  let depth = 0;
  let quote: string | undefined;
  for (let i = start; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = undefined;
    } else if (char === '"') quote = char;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) return text.slice(start, i + 1);
    }
  }
  return text.slice(start);
}

/**
 * Fixes what models commonly get wrong, outside strings only: smart or single quotes, bare keys and
 * words, Python literals, trailing commas, raw newlines in strings, and a reply cut off midway.
 */
export function repairJson(text: string): string {
  let out = '';
  const closers: string[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '"' || char === '\u201c' || char === "'") {
      const read = readString(text, i);
      out += read.json;
      i = read.end;
    } else if (/[-\d]/.test(char) && /^-?\d/.test(text.slice(i, i + 2))) {
      const number = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?%?/.exec(text.slice(i))![0];
      out += number.endsWith('%') ? JSON.stringify(number) : number;
      i += number.length;
    } else if (/[A-Za-z_]/.test(char)) {
      const word = /^[A-Za-z_][\w-]*/.exec(text.slice(i))![0];
      i += word.length;
      out += /^\s*:/.test(text.slice(i)) ? JSON.stringify(word) : (LITERALS[word] ?? JSON.stringify(word));
    } else if (char === ',' && /^,\s*([}\]]|$)/.test(text.slice(i))) {
      i += 1;
    } else {
      if (char === '{') closers.push('}');
      else if (char === '[') closers.push(']');
      else if (char === '}' || char === ']') closers.pop();
      out += char;
      i += 1;
    }
  }
  return out.replace(/:\s*$/, ': null') + closers.reverse().join('');
}

const LITERALS: { [word: string]: string } = {
  true: 'true', false: 'false', null: 'null', True: 'true', False: 'false', None: 'null',
};

/** One string starting at `start` (", “ or '), re-emitted as a JSON string; an unterminated one runs to the end. */
function readString(text: string, start: number): { json: string; end: number } {
  const closing = text[start] === "'" ? ["'"] : ['"', '\u201d'];
  let value = '';
  let i = start + 1;
  while (i < text.length && !closing.includes(text[i])) {
    if (text[i] === '\\' && i + 1 < text.length) {
      const escaped = text.slice(i, text[i + 1] === 'u' ? i + 6 : i + 2);
      value += parseEscape(escaped);
      i += escaped.length;
    } else {
      value += text[i];
      i += 1;
    }
  }
  return { json: JSON.stringify(value), end: i + 1 };
}

function parseEscape(escaped: string): string {
  try {
    return JSON.parse(`"${escaped}"`) as string;
  } catch {
    return escaped[1];
  }
}
