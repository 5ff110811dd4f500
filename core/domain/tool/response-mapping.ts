import { JsonValue } from '../../shared/json';

export type MappingSegment = string | number;

const MAX_LENGTH = 256;
const TOKEN = /\.?([^.[\]]+)|\[(\d{1,9})\]/y;

/**
 * Parses a response mapping: a dotted path with optional array indexes and an optional
 * leading `$` (`data.items[0].name`, `$.results.0.title`). Null when it is malformed.
 */
export function parseResponseMapping(path: string): MappingSegment[] | null {
  if (path.length === 0 || path.length > MAX_LENGTH) return null;
  let body = path;
  if (body.startsWith('$')) {
    body = body.slice(1);
    if (!body.startsWith('.') && !body.startsWith('[')) return null;
  } else if (body.startsWith('.')) {
    return null;
  }
  const segments: MappingSegment[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < body.length) {
    const match = TOKEN.exec(body);
    if (!match) return null;
    segments.push(match[2] !== undefined ? Number(match[2]) : match[1]);
  }
  return segments;
}

/** The value at `segments` (own properties only), or null when the response has none there. */
export function pickPath(value: JsonValue, segments: ReadonlyArray<MappingSegment>): JsonValue {
  let current: JsonValue = value;
  for (const segment of segments) {
    if (Array.isArray(current)) {
      const index = typeof segment === 'number' ? segment : /^\d+$/.test(segment) ? Number(segment) : NaN;
      if (!(index >= 0 && index < current.length)) return null;
      current = current[index];
    } else if (current !== null && typeof current === 'object') {
      const key = String(segment);
      if (!Object.prototype.hasOwnProperty.call(current, key)) return null;
      current = current[key];
    } else {
      return null;
    }
  }
  return current;
}
