const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Deepest nesting of arrays and objects a request body may have. */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether raw JSON nests arrays and objects deeper than `maxDepth`, in one pass over the bytes
 * before anything parses them: JSON.parse copes with any depth, but every recursive walk after
 * it (validation, copying, serialising) overflows the stack on a body a megabyte deep. Brackets
 * inside strings do not count; UTF-8 continuation bytes never equal an ASCII delimiter.
 */
export function jsonNestsDeeperThan(body: Uint8Array, maxDepth: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < body.length; i += 1) {
    const byte = body[i];
    if (inString) {
      if (byte === BACKSLASH) i += 1;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      depth += 1;
      if (depth > maxDepth) return true;
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) {
      depth -= 1;
    }
  }
  return false;
}
