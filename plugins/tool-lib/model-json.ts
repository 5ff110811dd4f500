// Shared by classify_text, extract_entities and sentiment (esbuild bundles it into each).
import { jsonrepair } from 'jsonrepair';

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
    const value = parseObject(candidate) ?? parseObject(repaired(candidate));
    if (value) return { value, repaired: true };
  }
  return undefined;
}

/**
 * What models commonly get wrong, fixed by jsonrepair: smart or single quotes, bare keys and
 * words, Python literals, trailing commas, raw newlines in strings, and a reply cut off midway
 * (open strings and structures closed, a dangling key given `null`). Empty when beyond repair.
 */
function repaired(candidate: string): string {
  try {
    return jsonrepair(candidate);
  } catch {
    return '';
  }
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
